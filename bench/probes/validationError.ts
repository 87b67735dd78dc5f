/**
 * What a refused call's error costs to make, piece by piece, in a plain process: `npm run compile && node
 * build/bench/probes/validationError.js`.
 */
import { redactIssues } from '../../src/errors/redactIssues.js';
import { ToolValidationError } from '../../src/index.js';

const issues = [
  { path: 'path', message: 'path must be a string, got number', constraint: 'isString' },
  { path: 'maxBytes', message: 'maxBytes must be at least 1, got 0', constraint: 'min' },
];

function time(name: string, body: () => unknown, calls = 300_000): void {
  for (let n = 0; n < 50_000; n++) body();
  const start = process.hrtime.bigint();
  for (let n = 0; n < calls; n++) body();
  console.log(`${name}: ${(Number(process.hrtime.bigint() - start) / calls).toFixed(0)} ns`);
}

for (let round = 0; round < 3; round++) {
  time('new ToolValidationError (two issues)', () => new ToolValidationError('ref.read', issues));
  time('redactIssues, paths too (as the error does)', () => redactIssues(issues));
  time('redactIssues, messages only (as dispatch does)', () => redactIssues(issues, false));
  time('new Error, with its stack', () => new Error('x'));
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  time('new Error, stack limit 0 (what every refusal pays)', () => new Error('x'));
  Error.stackTraceLimit = limit;
}
console.log(`${Object.keys(process.env).length} environment variables`);
