/** A resource as the registry lists it: data at a fixed URI that an app or a model reads. */
export interface ResourceDefinition {
  readonly uri: string;
  /** Its name, unique among the registry's resources and templates. */
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly mimeType?: string;
  readonly toolset: string;
  /** The permissions a caller needs to see and read it. */
  readonly permissions: readonly string[];
}

/** A family of resources, as the registry lists it: a URI template (RFC 6570, levels 1 and 2) and what it reads. */
export interface ResourceTemplateDefinition {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly mimeType?: string;
  readonly toolset: string;
  readonly permissions: readonly string[];
  /** The template's variables, in order. */
  readonly variables: readonly string[];
}
