import { Injectable } from '@nestjs/common';

/** A user of the sample app; `admin` may invite and remove users. */
export interface User {
  readonly name: string;
  readonly admin: boolean;
}

/** The app's users, and the bearer tokens that name them (a JWT check in a real app). */
@Injectable()
export class UsersService {
  readonly #tokens = new Map<string, User>([
    ['ann-token', { name: 'ann', admin: true }],
    ['bob-token', { name: 'bob', admin: false }],
  ]);
  readonly #members = new Set(['ann', 'bob']);

  byToken(token: string | undefined): User | undefined {
    return token === undefined ? undefined : this.#tokens.get(token);
  }
  list(): string[] {
    return [...this.#members];
  }
  add(name: string): void {
    this.#members.add(name);
  }
  remove(name: string): boolean {
    return this.#members.delete(name);
  }
}
