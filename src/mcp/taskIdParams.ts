import { fromJsonSchema } from '@modelcontextprotocol/server';

/** The params of the task methods that name one task: `tasks/get`, `tasks/cancel` (both eras), `tasks/result`, `tasks/update`. */
export interface TaskIdParams {
  readonly taskId: string;
}

/** Their schema, for the SDK's custom-method form of `setRequestHandler`. */
export const TASK_ID_PARAMS = fromJsonSchema<TaskIdParams>({
  type: 'object',
  properties: { taskId: { type: 'string' } },
  required: ['taskId'],
});
