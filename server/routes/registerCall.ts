/** One POST route per contract call: the body is validated with the call's request schema before the handler runs. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { calls, type CallName, type CallResponse } from '../../core/contract';
import { PreparedReply } from '../http/preparedReplies';
import { parseBody } from '../http/validate';

export type CallInput<C extends CallName> = z.output<(typeof calls)[C]['request']>;

export interface CallOptions {
  /** Check every answer against the call's response schema (demo and tests); a mismatch is a 500, logged. */
  checkResponses: boolean;
}

export class ContractViolation extends Error {}

export function registerCall<C extends CallName>(
  app: FastifyInstance,
  name: C,
  options: CallOptions,
  /** An answer many requests share can come prepared (http/preparedReplies.ts): it is sent as the client asks. */
  handler: (input: CallInput<C>, request: FastifyRequest) => Promise<CallResponse<C> | PreparedReply<CallResponse<C>>>,
): void {
  const contract = calls[name];
  app.post(`/api/${name}`, async (request, reply) => {
    // Indexing `calls` by a generic name widens the schema to the union of all calls; the name pins it back.
    const input = parseBody(contract.request as unknown as z.ZodType<CallInput<C>>, request.body);
    const answer = await handler(input, request);
    if (options.checkResponses) {
      // A prepared answer's value is read from its bytes for this check only: production sends the bytes.
      const check = contract.response.safeParse(answer instanceof PreparedReply ? answer.value : answer);
      if (!check.success) {
        request.log.error({ call: name, issues: check.error.issues }, 'response does not match the call contract');
        throw new ContractViolation(`response of ${name} does not match the call contract`);
      }
    }
    return answer instanceof PreparedReply ? answer.send(request, reply) : answer;
  });
}
