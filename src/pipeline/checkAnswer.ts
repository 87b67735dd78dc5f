import type { Question, QuestionAnswer, QuestionField } from '../contracts/Question.js';

/** The values a field may take, when it is a choice. */
function choices(field: QuestionField): readonly string[] | undefined {
  if (field.type === 'string') return field.enum ?? field.oneOf?.map((option) => option.const);
  if (field.type === 'array') return 'enum' in field.items ? field.items.enum : field.items.anyOf.map((o) => o.const);
  return undefined;
}

/** What is wrong with one field's value, or undefined when it fits. */
function fieldProblem(name: string, field: QuestionField, value: unknown): string | undefined {
  const allowed = choices(field);
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return `${name} must be text`;
      if (allowed !== undefined && !allowed.includes(value)) return `${name} must be one of the choices offered`;
      if (field.minLength !== undefined && value.length < field.minLength) return `${name} is too short`;
      if (field.maxLength !== undefined && value.length > field.maxLength) return `${name} is too long`;
      return undefined;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${name} must be a number`;
      if (field.type === 'integer' && !Number.isInteger(value)) return `${name} must be a whole number`;
      if (field.minimum !== undefined && value < field.minimum) return `${name} is below ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `${name} is above ${field.maximum}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${name} must be true or false`;
    case 'array':
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && allowed!.includes(item)))
        return `${name} must be a list of the choices offered`;
      if (field.minItems !== undefined && value.length < field.minItems) return `${name} has too few choices`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `${name} has too many choices`;
      return undefined;
  }
}

/**
 * An accepted answer's content read against its question, as untrusted (it comes from a client): own keys only, each a
 * field of the question and of its type and choices; a required field present; a field left out that has a default
 * takes it. The answer, or what is wrong with it.
 */
export function checkAnswer(
  question: Question,
  content: unknown,
): { readonly answer: QuestionAnswer } | { readonly problem: string } {
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    return { problem: 'it was not an object of fields' };
  const given = content as Record<string, unknown>;
  const answer: Record<string, string | number | boolean | readonly string[]> = Object.create(null);
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(question.fields, key))
      return { problem: `it has a field the question did not ask: ${key.slice(0, 64)}` };
  }
  for (const [name, field] of Object.entries(question.fields)) {
    if (!Object.hasOwn(given, name)) {
      if (field.default !== undefined) answer[name] = field.default;
      else if (question.required?.includes(name)) return { problem: `${name} is required` };
      continue;
    }
    const problem = fieldProblem(name, field, given[name]);
    if (problem !== undefined) return { problem };
    answer[name] = given[name] as string | number | boolean | readonly string[];
  }
  return { answer: Object.freeze(answer) };
}
