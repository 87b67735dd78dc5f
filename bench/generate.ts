// Tool and DTO classes made in bulk, decorated the way tsc's emitted code decorates them.
import { IsInt, IsOptional, IsString, Min, MinLength } from 'class-validator';
import { Arg, Permissions, Tool } from 'hermes-tools';

/** `count` tools named `<prefix>.tool_<i>`; without `metadata`, as esbuild and tsx emit them (no design:paramtypes). */
export function generateTools(count: number, prefix: string, metadata = true): Function[] {
  return Array.from({ length: count }, (_, i) => {
    class Generated {
      execute(path: string, maxBytes: number): number {
        return path.length + maxBytes;
      }
    }
    if (metadata) Reflect.defineMetadata('design:paramtypes', [String, Number], Generated.prototype, 'execute');
    Arg('path', { minLength: 1, description: 'Path to read.' })(Generated.prototype, 'execute', 0);
    Arg('maxBytes', { integer: true, minimum: 1, default: 1000 })(Generated.prototype, 'execute', 1);
    Permissions('fs:read')(Generated);
    Tool({ name: `${prefix}.tool_${i}`, description: `Generated tool number ${i}.` })(Generated);
    return Generated;
  });
}

export function generateDtos(count: number): Function[] {
  return Array.from({ length: count }, () => {
    class GeneratedDto {
      path!: string;
      maxBytes?: number;
    }
    IsString()(GeneratedDto.prototype, 'path');
    MinLength(1)(GeneratedDto.prototype, 'path');
    IsOptional()(GeneratedDto.prototype, 'maxBytes');
    IsInt()(GeneratedDto.prototype, 'maxBytes');
    Min(1)(GeneratedDto.prototype, 'maxBytes');
    return GeneratedDto;
  });
}
