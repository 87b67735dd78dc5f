/** Why a call was denied: a declared permission that was not granted, or a guard's reason. */
export type Denial =
  | { readonly permission: string; readonly reason?: undefined }
  | { readonly reason: string; readonly permission?: undefined };
