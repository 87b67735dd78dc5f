// The tools, resources and prompts that the official MCP conformance suite's server scenarios use, by their names
// (`npm run conformance` serves this module with the CLI and runs the suite against it). Only what
// the framework can answer today is here; a scenario whose tool is missing fails, and the run's
// report says which (see docs/mcp.md, "Conformance").
import 'reflect-metadata';
import { Container, injectable } from 'inversify';
import {
  Arg,
  Complete,
  Content,
  Ctx,
  Prompt,
  type Question,
  QuestionNotAnsweredError,
  Resource,
  ResourceTemplate,
  Tool,
  type ToolContext,
  ToolResult,
  toolset,
} from 'hermes-tools';

/** Asks `question`, and says what came back: the answer, or why there was none. */
async function askAndTell(ctx: ToolContext, question: Question, prefix: string): Promise<string> {
  try {
    const answer = await ctx.ask(question);
    return `${prefix}: action=accept, content=${JSON.stringify(answer)}`;
  } catch (error) {
    if (error instanceof QuestionNotAnsweredError) return `${prefix}: ${error.reason}`;
    throw error;
  }
}

@Tool({
  name: 'test_elicitation',
  description: 'Asks the user for a name and an email (conformance: tools-call-elicitation).',
})
class Elicitation {
  execute(@Arg('message') message: string, @Ctx() ctx: ToolContext): Promise<string> {
    return askAndTell(
      ctx,
      {
        message,
        fields: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
      'User response',
    );
  }
}

@Tool({
  name: 'test_elicitation_sep1034_defaults',
  description: 'Asks with a default for every kind of field (conformance: elicitation-sep1034-defaults).',
})
class ElicitationDefaults {
  execute(@Ctx() ctx: ToolContext): Promise<string> {
    return askAndTell(
      ctx,
      {
        message: 'Please review and update the form fields with defaults',
        fields: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
      },
      'Elicitation completed',
    );
  }
}

@Tool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Asks with every form of choice field (conformance: elicitation-sep1330-enums).',
})
class ElicitationEnums {
  execute(@Ctx() ctx: ToolContext): Promise<string> {
    return askAndTell(
      ctx,
      {
        message: 'Please select options from the enum fields',
        fields: {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            description: 'Select one option with titles',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
      },
      'Elicitation completed',
    );
  }
}

/** A red pixel, as a PNG. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/** A WAV file of `samples` samples of silence: 8 kHz, 16-bit, mono. */
function silentWav(samples: number): Uint8Array {
  const bytes = samples * 2;
  const wav = Buffer.alloc(44 + bytes);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + bytes, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16); // the format chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // one channel
  wav.writeUInt32LE(8000, 24); // samples per second
  wav.writeUInt32LE(16000, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per sample
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36);
  wav.writeUInt32LE(bytes, 40);
  return wav;
}

@Tool({
  name: 'test_tool_with_logging',
  description: 'Logs three lines while it works (conformance: tools-call-with-logging).',
})
class ToolWithLogging {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));
    ctx.logger.info('Tool execution started');
    await pause();
    ctx.logger.info('Tool processing data');
    await pause();
    ctx.logger.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  }
}

@Tool({ name: 'test_image_content', description: 'Returns an image (conformance: tools-call-image).' })
class ImageContent {
  execute(): ToolResult {
    return ToolResult.of(Content.image(RED_PIXEL_PNG, 'image/png'));
  }
}

@Tool({ name: 'test_audio_content', description: 'Returns a short WAV file (conformance: tools-call-audio).' })
class AudioContent {
  execute(): ToolResult {
    return ToolResult.of(Content.audio(silentWav(800), 'audio/wav'));
  }
}

@Tool({
  name: 'test_embedded_resource',
  description: 'Returns an embedded text resource (conformance: tools-call-embedded-resource).',
})
class EmbeddedResource {
  execute(): ToolResult {
    return ToolResult.of(
      Content.resource({
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource.',
      }),
    );
  }
}

@Tool({
  name: 'test_multiple_content_types',
  description: 'Returns text, an image and a resource (conformance: tools-call-mixed-content).',
})
class MultipleContentTypes {
  execute(): ToolResult {
    return ToolResult.of(
      Content.text('Multiple content types test:'),
      Content.image(RED_PIXEL_PNG, 'image/png'),
      Content.resource({
        uri: 'test://mixed-content-resource',
        mimeType: 'application/json',
        text: JSON.stringify({ test: 'data', value: 123 }),
      }),
    );
  }
}

@Tool({ name: 'test_simple_text', description: 'Returns a fixed text (conformance: tools-call-simple-text).' })
class SimpleText {
  execute(): string {
    return 'This is a simple text response for testing.';
  }
}

@Tool({ name: 'test_error_handling', description: 'Always fails (conformance: tools-call-error).' })
class ErrorHandling {
  execute(): never {
    throw new Error('This tool intentionally returns an error for testing');
  }
}

@Tool({
  name: 'test_tool_with_progress',
  description: 'Reports progress three times (conformance: tools-call-with-progress).',
})
class ToolWithProgress {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    for (const step of [0, 50, 100]) {
      ctx.progress(step, 100, `step ${step}`);
      // A turn of the event loop between reports, as a real tool's work would leave.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return 'Progress test completed';
  }
}

@Tool({
  name: 'test_reconnection',
  description: 'Takes a second, so that SSE polling closes its stream first (conformance: server-sse-polling).',
})
class Reconnection {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    // The CLI serves this sample with --sse-polling 200: a client that can resume (2025-11-25) has the call's stream
    // closed before the answer, and gets it on its GET with Last-Event-ID.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    return 'Reconnection test completed';
  }
}

/** The address of json_schema_2020_12_tool, with the scenario's `$defs` and `$ref` (resolved in place when read). */
const ADDRESS = {
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
  $ref: '#/$defs/address',
};

@Tool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features (conformance: json-schema-2020-12).',
})
class JsonSchema202012 {
  execute(@Arg('name') name?: string, @Arg('address', { type: ADDRESS, optional: true }) address?: unknown): unknown {
    return { name, address };
  }
}

/** The resources, templates, prompts and completions of the resources-*, prompts-* and completion-complete scenarios. */
@injectable()
class ConformanceEntries {
  @Resource({
    uri: 'test://static-text',
    name: 'static_text',
    description: 'A static text resource (conformance: resources-read-text).',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({
    uri: 'test://static-binary',
    name: 'static_binary',
    description: 'A static PNG (conformance: resources-read-binary).',
    mimeType: 'image/png',
  })
  staticBinary(): Uint8Array {
    return Buffer.from(RED_PIXEL_PNG, 'base64');
  }

  @Resource({
    uri: 'test://watched-resource',
    name: 'watched_resource',
    description: 'A resource clients subscribe to (conformance: resources-subscribe, resources-unsubscribe).',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content.';
  }

  @ResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template_data',
    description: 'Data for one id (conformance: resources-templates-read).',
    mimeType: 'application/json',
  })
  templateData(@Arg('id', { maxLength: 100 }) id: string): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }

  @Prompt({ name: 'test_simple_prompt', description: 'A prompt without arguments (conformance: prompts-get-simple).' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments (conformance: prompts-get-with-args, completion-complete).',
  })
  withArguments(
    @Arg('arg1', { description: 'First test argument' }) arg1: string,
    @Arg('arg2', { description: 'Second test argument' }) arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource (conformance: prompts-get-embedded-resource).',
  })
  withEmbeddedResource(@Arg('resourceUri', { description: 'URI of the resource to embed' }) resourceUri: string) {
    return [
      {
        role: 'user' as const,
        content: Content.resource({
          uri: resourceUri,
          mimeType: 'text/plain',
          text: 'Embedded resource content for testing.',
        }),
      },
      { role: 'user' as const, content: Content.text('Please process the embedded resource above.') },
    ];
  }

  @Prompt({
    name: 'test_prompt_with_image',
    description: 'A prompt with an image (conformance: prompts-get-with-image).',
  })
  withImage() {
    return [
      { role: 'user' as const, content: Content.image(RED_PIXEL_PNG, 'image/png') },
      { role: 'user' as const, content: Content.text('Please analyze the image above.') },
    ];
  }

  @Complete('arg1')
  completeArg1(value: string): string[] {
    return ['test', 'testing', 'tested', 'other'].filter((option) => option.startsWith(value));
  }
}

/** The container the CLI serves (`--module dist/samples/conformance/server.js`). */
export async function conformanceContainer(): Promise<Container> {
  const container = new Container();
  await container.load(
    toolset({
      name: 'conformance',
      tools: [
        SimpleText,
        ErrorHandling,
        ToolWithProgress,
        JsonSchema202012,
        Reconnection,
        ToolWithLogging,
        Elicitation,
        ElicitationDefaults,
        ElicitationEnums,
        ImageContent,
        AudioContent,
        EmbeddedResource,
        MultipleContentTypes,
        ConformanceEntries,
      ],
    }),
  );
  return container;
}

export default conformanceContainer;
