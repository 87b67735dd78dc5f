import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type User, UsersService } from './UsersService.js';

/** The app's own Nest guard: the bearer token names a user, put on the request as `request.user`. */
@Injectable()
export class TokenGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: User }>();
    const user = this.users.byToken(request.headers.authorization?.replace(/^Bearer /, ''));
    if (user === undefined) return false;
    request.user = user;
    return true;
  }
}
