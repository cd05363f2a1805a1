// A webpack loader, after swc (webpack.config.js): turns the English of every Lingui message descriptor in the
// compiled code ({id: "...", message: "..."}, as the macros write them) into the compiled form the catalogs hold.
// So the English stays in the chunk of the code that shows it and the page parses no message: English owners
// load no catalog and no message compiler (docs/localization.md, "What it costs"). The literal is replaced where it
// stands, at the end of its line as swc prints it, so the source map still points every statement home.
const { parse } = require('acorn');
const { simple } = require('acorn-walk');
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/** A property `name` whose value is a string literal, or undefined. */
function stringProperty(node, name) {
  return node.properties.find(
    (property) =>
      property.type === 'Property' &&
      !property.computed &&
      property.key.type === 'Identifier' &&
      property.key.name === name &&
      property.value.type === 'Literal' &&
      typeof property.value.value === 'string',
  );
}

module.exports = function precompileMessages(source, map) {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const replacements = [];
  simple(ast, {
    ObjectExpression(node) {
      const message = stringProperty(node, 'message');
      if (message && stringProperty(node, 'id')) {
        replacements.push({
          start: message.value.start,
          end: message.value.end,
          text: JSON.stringify(compileMessage(message.value.value)),
        });
      }
    },
  });
  let output = source;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start))
    output = output.slice(0, start) + text + output.slice(end);
  this.callback(null, output, map);
};
