// The Nest sample: `npm run start:nest`, then list its tools with the MCP Inspector (see the README).
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './AppModule.js';

const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
const port = Number(process.env.PORT ?? 3000);
await app.listen(port, '127.0.0.1');
console.log(`MCP endpoint: http://127.0.0.1:${port}/mcp (tokens: ann-token is an admin, bob-token is not)`);
