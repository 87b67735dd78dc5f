import type { Question } from '../contracts/Question.js';

const KINDS = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * What is wrong with a question a tool asks, or undefined: a message, at least one field, each of a kind the
 * elicitation subset has, a choice field with choices, `required` naming fields. A fault in the tool, not the call.
 */
export function questionProblem(question: Question): string | undefined {
  if (typeof question !== 'object' || question === null) return 'ctx.ask takes { message, fields, required? }';
  if (typeof question.message !== 'string' || question.message.trim() === '') return 'a question needs a message';
  const fields = question.fields;
  if (typeof fields !== 'object' || fields === null || Object.keys(fields).length === 0)
    return 'a question needs at least one field';
  for (const [name, field] of Object.entries(fields)) {
    if (typeof field !== 'object' || field === null || !KINDS.has(field.type))
      return `field ${name} must be a string, number, integer, boolean or array (of choices) field`;
    if (field.type === 'array') {
      const items = field.items as { enum?: unknown; anyOf?: unknown } | undefined;
      if (!Array.isArray(items?.enum) && !Array.isArray(items?.anyOf))
        return `field ${name} is a list: give items.enum or items.anyOf, its choices`;
    }
  }
  if (question.required !== undefined && !question.required.every((name) => Object.hasOwn(fields, name)))
    return 'required names a field the question does not have';
  const limit = question.timeoutMs;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1 && limit <= 2_147_483_647))
    return 'timeoutMs must be a whole number of milliseconds, from 1 to 2147483647';
  return undefined;
}
