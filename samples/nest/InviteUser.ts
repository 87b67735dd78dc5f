import { Injectable } from '@nestjs/common';
import { IsEmail, IsString, Matches } from 'class-validator';
import { Description, Input, Permissions, Tool } from 'hermes-tools';
import { UsersService } from './UsersService.js';

/** What inviting a user takes. */
export class InviteUserInput {
  @IsString() @Matches(/^[a-z]{2,20}$/) @Description('Lower-case login name.') name!: string;
  @IsEmail() @Description('Where the invitation goes.') email!: string;
}

/** A DTO tool: Nest constructs it with the UsersService. */
@Injectable()
@Tool({ name: 'users.invite', description: 'Invite a new user by e-mail.' })
@Permissions('users:write')
export class InviteUser {
  constructor(private readonly users: UsersService) {}

  execute(@Input() input: InviteUserInput): string {
    this.users.add(input.name);
    return `invited ${input.name} <${input.email}>`;
  }
}
