import type { ArgOptions } from '../contracts/ArgOptions.js';

/** What a parameter decorator recorded for one parameter position. */
export type ParamMetadata =
  | { readonly kind: 'arg'; readonly name: string; readonly options: ArgOptions }
  | { readonly kind: 'input'; readonly type?: Function | (() => Function) }
  | { readonly kind: 'ctx' };
