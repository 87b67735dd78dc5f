// The floors of docs' architecture (shared/reference/architecture.md), checked by `npm run lint`.
// A folder may import its own files and the floors below it; never a floor above, never a sibling
// on its own floor (except the pairs in ALSO), and never in a cycle. Type-only imports count:
// the swc parser reads the TypeScript sources, `import type` included.
const FLOORS = [
  ['contracts'],
  ['internal'],
  ['errors', 'context'],
  ['schema', 'permissions', 'results', 'entries'],
  ['metadata', 'decorators'],
  ['pipeline'],
  ['tools'],
  ['registry'],
  ['di'],
  ['mcp', 'providers', 'ai', 'cli', 'otel', 'nest', 'queue', 'typegen'],
];
/** Same-floor imports that are allowed: decorators write what metadata reads; the CLI uses the MCP and provider kernels, runs queue workers and typegen; the AI SDK bridge uses the providers' shared name rules; the Nest module serves MCP (loaded on first request); resources and prompts read their contents with the results' content parts and limits. */
const ALSO = {
  decorators: ['metadata'],
  cli: ['mcp', 'providers', 'queue', 'typegen'],
  ai: ['providers'],
  nest: ['mcp'],
  entries: ['results'],
};
const OPTIONAL_PEERS =
  '^(node_modules/)?(@modelcontextprotocol/sdk|typescript|ai|@opentelemetry/[^/]+|@nestjs/[^/]+|bullmq|ioredis)(/|$)';
const ALL = FLOORS.flat();
const CORE = FLOORS.slice(0, -1).flat();

const floorRules = FLOORS.flatMap((folders, floor) =>
  folders.map((folder) => {
    const allowed = new Set([folder, ...FLOORS.slice(0, floor).flat(), ...(ALSO[folder] ?? [])]);
    const forbidden = ALL.filter((f) => !allowed.has(f));
    return {
      name: `floor-${floor}-${folder}`,
      comment: `src/${folder}/ (floor ${floor}) may import only ${[...allowed].join(', ')}`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: `^src/(${forbidden.join('|')}|index\\.ts$)` },
    };
  }),
);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'contracts-import-nothing',
      comment: 'src/contracts/ holds types only and imports nothing outside itself: no package, no node built-in',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { pathNot: '^src/contracts/' },
    },
    {
      name: 'index-below-kernels',
      comment:
        'src/index.ts is the core API: it may import every floor but the last, the kernels (they are subpaths of their own)',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: `^src/(${FLOORS.at(-1).join('|')})/` },
    },
    {
      name: 'core-no-optional-peer',
      comment:
        'the core (every floor but the last, and src/index.ts) never loads an optional peer; only the kernels on the last floor do',
      severity: 'error',
      from: { path: `^src/((${CORE.join('|')})/|index\\.ts$)` },
      to: { path: OPTIONAL_PEERS },
    },
    {
      name: 'src-not-samples-or-tests',
      comment: 'the package ships src only: it never imports samples/ or test/',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(samples|test|bench)/' },
    },
    {
      name: 'no-unknown-folder',
      comment: 'every folder of src/ has a floor: a new one is added to FLOORS first',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: `^src/((${ALL.join('|')})/|index\\.ts$)` },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, type-only ones included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'an import the checker cannot resolve would escape every rule above',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API, so dependency-cruiser cannot use `typescript` to parse;
    // @swc/core parses the .ts sources instead, type-only imports included.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
    moduleSystems: ['es6'],
    // NodeNext ESM: dependency-cruiser resolves `./x.js` in a specifier to the source `./x.ts` itself.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
