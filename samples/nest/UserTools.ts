import { Injectable } from '@nestjs/common';
import { Arg, Permissions, Tool } from 'hermes-tools';
import { UsersService } from './UsersService.js';

/** Several method tools on one ordinary Nest provider. */
@Injectable()
export class UserTools {
  constructor(private readonly users: UsersService) {}

  @Tool({ name: 'users.list', description: 'List the users.', readOnly: true })
  list(): string[] {
    return this.users.list();
  }

  @Tool({ name: 'users.remove', description: 'Remove a user.', destructive: true })
  @Permissions('users:write')
  remove(@Arg('name') name: string): string {
    return this.users.remove(name) ? `removed ${name}` : `${name} is not a user`;
  }
}
