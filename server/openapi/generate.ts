/** `npm run openapi`: writes the OpenAPI document of the call contract to docs/openapi.json (server/openapi/document.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson } from './document';

const target = path.join(__dirname, '..', '..', 'docs', 'openapi.json');
writeFileSync(target, openApiJson());
process.stdout.write(`${path.relative(process.cwd(), target)} written\n`);
