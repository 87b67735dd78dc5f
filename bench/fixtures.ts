// The reference tool of ../shared/reference/peer-baseline.md, declared for each library measured.
import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Min, MinLength } from 'class-validator';
import {
  Arg,
  Content,
  Input,
  Permissions,
  Tool,
  type NextFunction,
  type ToolContext,
  type ToolInterceptor,
  ToolResult,
} from 'hermes-tools';

export const VALID = { path: 'src/index.ts', maxBytes: 4096, encoding: 'utf8' };
export const INVALID = { path: 3, maxBytes: 0 };

/** The tool's body, the same for every library. */
export async function readBody(path: string, maxBytes: number): Promise<number> {
  return path.length + maxBytes;
}

export const JSON_SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1 },
    maxBytes: { type: 'integer', minimum: 1, default: 1_000_000 },
    encoding: { type: 'string', enum: ['utf8', 'latin1'] },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

@Tool({ name: 'ref.read', description: 'Reads a file.' })
@Permissions('fs:read')
export class RefRead {
  execute(
    @Arg('path', { minLength: 1 }) path: string,
    @Arg('maxBytes', { integer: true, minimum: 1, default: 1_000_000 }) maxBytes: number,
    @Arg('encoding', { enum: ['utf8', 'latin1'], optional: true, type: String }) _encoding: string | undefined,
  ): Promise<number> {
    return readBody(path, maxBytes);
  }
}

export class RefInput {
  @IsString() @MinLength(1) path!: string;
  @IsOptional() @IsInt() @Min(1) maxBytes: number = 1_000_000;
  @IsOptional() @IsIn(['utf8', 'latin1']) encoding?: string;
}

@Tool({ name: 'ref.read_dto', description: 'Reads a file.' })
@Permissions('fs:read')
export class RefReadDto {
  execute(@Input() input: RefInput): Promise<number> {
    return readBody(input.path, input.maxBytes);
  }
}

/** Two pass-through interceptors, as in the baseline's "two async middleware closures". */
export class First implements ToolInterceptor {
  intercept(_input: unknown, _ctx: ToolContext, next: NextFunction): Promise<unknown> {
    return next();
  }
}
export class Second implements ToolInterceptor {
  intercept(_input: unknown, _ctx: ToolContext, next: NextFunction): Promise<unknown> {
    return next();
  }
}

/** A 1×1 PNG, base64: the small image of the content case. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/** Returns a caption: the plain value the content case is measured against. */
@Tool({ name: 'bench.caption', description: 'Returns a caption.' })
export class Caption {
  execute(): string {
    return 'A red pixel.';
  }
}

/** Returns the same caption beside a small image, as content parts. */
@Tool({ name: 'bench.pixel', description: 'Returns a caption and a small image.' })
export class Pixel {
  execute(): ToolResult {
    return ToolResult.of(Content.text('A red pixel.'), Content.image(PIXEL, 'image/png'));
  }
}
