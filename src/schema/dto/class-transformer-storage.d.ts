// class-transformer keeps its decorators' metadata in a module it does not re-export from its root.
declare module 'class-transformer/cjs/storage.js' {
  import type {
    ExcludeMetadata,
    ExposeMetadata,
    TransformationType,
    TransformMetadata,
    TypeMetadata,
  } from 'class-transformer';

  export const defaultMetadataStorage: {
    findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
    findTransformMetadatas(
      target: Function,
      propertyName: string,
      transformationType: TransformationType,
    ): TransformMetadata[];
    findExposeMetadata(target: Function, propertyName: string): ExposeMetadata | undefined;
    findExcludeMetadata(target: Function, propertyName: string | undefined): ExcludeMetadata | undefined;
    getStrategy(target: Function): 'excludeAll' | 'exposeAll' | 'none';
    getExposedProperties(target: Function, transformationType: TransformationType): string[];
    getExcludedProperties(target: Function, transformationType: TransformationType): string[];
  };
}
