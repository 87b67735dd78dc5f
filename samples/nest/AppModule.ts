import { Module } from '@nestjs/common';
import { PermissionSet } from 'hermes-tools';
import { HermesToolsModule } from 'hermes-tools/nest';
import { InviteUser } from './InviteUser.js';
import { TokenGuard } from './TokenGuard.js';
import { UserTools } from './UserTools.js';
import { type User, UsersService } from './UsersService.js';

@Module({ providers: [UsersService], exports: [UsersService] })
export class UsersModule {}

/** The sample app: two tool providers found by discovery, served over MCP behind the app's guard. */
@Module({
  imports: [
    UsersModule,
    HermesToolsModule.forRoot({
      imports: [UsersModule],
      discover: { name: 'users', granted: PermissionSet.none().grant('users:write') },
      mcp: {
        path: '/mcp',
        name: 'nest-sample',
        version: '1.0.0',
        guards: [TokenGuard],
        caller: (request) => {
          const user = (request as { user: User }).user;
          return {
            caller: user.name,
            permissions: user.admin ? PermissionSet.none().grant('users:write') : PermissionSet.none(),
          };
        },
      },
    }),
  ],
  providers: [InviteUser, UserTools],
})
export class AppModule {}
