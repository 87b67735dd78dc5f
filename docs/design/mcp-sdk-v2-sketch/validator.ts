import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';
export const UNCHECKED_OUTPUT: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (data) => ({ valid: true, data: data as T, errorMessage: undefined });
  },
};
