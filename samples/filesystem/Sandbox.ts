import { mkdir, readFile, writeFile, appendFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { injectable } from 'inversify';
import { describeFsError } from './describeFsError.js';

/** A folder that file tools cannot leave: every path is resolved inside it, `..` included. */
@injectable()
export class Sandbox {
  constructor(readonly root: string) {}

  resolve(relative: string): string {
    const full = path.resolve(this.root, `.${path.sep}${relative}`);
    if (full !== this.root && !full.startsWith(this.root + path.sep))
      throw new Error(`"${relative}" is outside the sandbox`);
    return full;
  }

  async read(relative: string, maxBytes: number, signal: AbortSignal): Promise<string> {
    const full = this.resolve(relative);
    const text = await readFile(full, { encoding: 'utf8', signal }).catch((error: unknown) => this.fail(error, full));
    return text.slice(0, maxBytes);
  }

  async write(relative: string, content: string, append: boolean): Promise<number> {
    const full = this.resolve(relative);
    try {
      await mkdir(path.dirname(full), { recursive: true });
      await (append ? appendFile(full, content, 'utf8') : writeFile(full, content, 'utf8'));
    } catch (error) {
      this.fail(error, full);
    }
    return Buffer.byteLength(content);
  }

  async list(relative: string): Promise<string[]> {
    const full = this.resolve(relative);
    const entries = await readdir(full, { withFileTypes: true }).catch((error: unknown) => this.fail(error, full));
    return entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).sort();
  }

  // Node's own messages name the absolute host path: the model is told the sandbox's path instead.
  private fail(error: unknown, full: string): never {
    throw describeFsError(error, path.relative(this.root, full) || '.');
  }
}
