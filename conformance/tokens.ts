/**
 * The token command: how a platform gives the kit identity tokens. The kit runs the command through the shell with
 * CONFORMANCE_TOKEN set to a role, and reads one identity token (as its host would give the panel) from its output:
 * - `owner`: the owner of a site with a subscription, whose calls are checked;
 * - `other-owner`: the owner of another site, whose ids the owner's session must not reach;
 * - `expired`: a token of the owner that has expired (signed as the others are).
 */
import { spawn } from 'node:child_process';
import { ROLES, type Role } from './checks';

const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/** A token is one line of printable characters without spaces, as a JWT is. */
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

export class TokenCommandError extends Error {}

function runOnce(command: string, role: Role): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      shell: true,
      env: { ...process.env, CONFORMANCE_TOKEN: role },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: TOKEN_COMMAND_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(new TokenCommandError(`the token command could not run with CONFORMANCE_TOKEN=${role}: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      const token = stdout.trim();
      if (code !== 0) {
        const why = signal === null ? `exited with ${String(code)}` : `was stopped by ${signal}`;
        reject(
          new TokenCommandError(
            `the token command ${why} with CONFORMANCE_TOKEN=${role}${stderr.trim() ? `: ${stderr.trim()}` : ''}`,
          ),
        );
      } else if (!TOKEN_SHAPE.test(token)) {
        reject(
          new TokenCommandError(
            `the token command printed no token (one line, no spaces) with CONFORMANCE_TOKEN=${role}`,
          ),
        );
      } else {
        resolve(token);
      }
    });
  });
}

/** One identity token per role, asked of the command in turn. */
export async function identityTokensFrom(command: string): Promise<Record<Role, string>> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = await runOnce(command, role);
  return tokens;
}
