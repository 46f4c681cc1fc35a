// An ESLint rule of this project (eslint.config.js): a string compared with a value whose type lists the words it
// can hold must be one of those words.
//
// The client reads the service's states into words ('deleting', 'booted', 'in-progress'), and keeps a word it
// does not know as it came, so their types are `'creating' | 'created' | … | (string & {})`. TypeScript
// accepts `status === 'DE'` against such a type, since any string may be the unknown one: three screens compared
// snapshot states with the service's codes that way, and none of those checks ever held. This rule refuses, in
// `===`/`!==`, `case` and `['a', 'b'].includes(x)`, a literal that is not one of the type's own words when the
// type has some. (Where the type is closed, TypeScript already refuses `===` and `case`; `includes` it does not.)
import ts from 'typescript';

const EQUALITY = new Set(['===', '!==', '==', '!=']);

/** The string literal, when the node is one (a plain or an expression-less template literal). */
function literalText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** The words a type lists, and whether it also takes any other string; null when it lists none. */
function vocabulary(type) {
  const members = type.isUnion() ? type.types : [type];
  const words = [];
  let open = false;
  for (const t of members) {
    if (t.isStringLiteral()) words.push(t.value);
    else if (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    // `string & {}` (a string kept as it came), or plain `string`: any word may be it
    else if (t.flags & ts.TypeFlags.String || (t.isIntersection() && t.types.some((p) => p.flags & ts.TypeFlags.String))) open = true;
    // a number, an object...: not a vocabulary of words
    else return null;
  }
  return words.length > 0 ? { words, open } : null;
}

export const knownWords = {
  meta: {
    type: 'problem',
    messages: {
      unknown: "'{{word}}' is not one of the words this value holds ({{words}}), so this never matches",
    },
    schema: [],
  },
  create(context) {
    // typescript-eslint's parser, with the project's types (eslint.config.js gives it the project service)
    const services = context.sourceCode.parserServices;
    // a file linted without types (vitest.config.ts) has no vocabulary to check against
    if (!services?.program) return {};
    /** `onlyOpen`: where TypeScript refuses the literal itself unless the type is open */
    const check = (word, against, at, onlyOpen) => {
      const known = vocabulary(services.getTypeAtLocation(against));
      if (!known || known.words.includes(word) || (onlyOpen && !known.open)) return;
      context.report({ node: at, messageId: 'unknown', data: { word, words: known.words.join(', ') } });
    };
    return {
      BinaryExpression(node) {
        if (!EQUALITY.has(node.operator)) return;
        const left = literalText(node.left);
        const right = literalText(node.right);
        if (left !== null && right === null) check(left, node.right, node.left, true);
        if (right !== null && left === null) check(right, node.left, node.right, true);
      },
      SwitchCase(node) {
        const word = node.test ? literalText(node.test) : null;
        if (word !== null) check(word, node.parent.discriminant, node.test, true);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'includes') return;
        if (callee.object.type !== 'ArrayExpression' || node.arguments.length !== 1) return;
        for (const element of callee.object.elements) {
          const word = element ? literalText(element) : null;
          if (word !== null) check(word, node.arguments[0], element, false);
        }
      },
    };
  },
};

export default { rules: { 'known-words': knownWords } };
