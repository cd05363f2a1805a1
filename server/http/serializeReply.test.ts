import fc from 'fast-check';
import { keepMembersSerialized, keepSerialized, serializeReply } from './serializeReply';

describe('serializeReply', () => {
  it('writes what JSON.stringify writes, whichever top-level values were kept', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.boolean()), (payload, keepFlags) => {
        const reply: Record<string, unknown> = {};
        Object.entries(payload).forEach(([key, value], index) => {
          const keep = keepFlags[index] === true && typeof value === 'object' && value !== null;
          reply[key] = keep ? keepSerialized(structuredClone(value)) : value;
        });
        expect(JSON.parse(serializeReply(reply))).toEqual(JSON.parse(JSON.stringify(reply)));
      }),
    );
  });

  it('leaves out undefined members, as JSON.stringify does', () => {
    const products = keepSerialized([{ id: 'prod_a' }]);
    expect(serializeReply({ a: undefined, products, b: 1 })).toBe('{"products":[{"id":"prod_a"}],"b":1}');
  });

  it('writes a copy of a value whose members were kept, with members added, as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), (payload, added) => {
        const kept = keepMembersSerialized(structuredClone(payload));
        const reply = { ...kept, added };
        expect(serializeReply(reply)).toBe(JSON.stringify(reply));
      }),
    );
  });

  it('freezes what it keeps, so the kept text cannot go stale', () => {
    const products = keepSerialized([{ id: 'prod_a' }]);
    expect(() => (products as unknown[]).push({ id: 'prod_b' })).toThrow(TypeError);
  });

  it('writes arrays and plain values as JSON.stringify does', () => {
    expect(serializeReply([1, 'two'])).toBe('[1,"two"]');
    expect(serializeReply(null)).toBe('null');
  });
});
