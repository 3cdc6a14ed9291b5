/**
 * The embedded gateway: the service of gateway-spec.md. It knows nothing of the till and is
 * reached only over HTTP /v1. This module owns its database and registers its routes.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayMode } from '../../shared/posapi.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import { sendOk } from './http.js';

export interface GatewayDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mode: GatewayMode;
  version: string;
}

export interface Gateway {
  readonly mode: GatewayMode;
  registerRoutes(app: FastifyInstance): void;
  close(): void;
}

export function createGateway(deps: GatewayDeps): Gateway {
  const { clock, mode, version } = deps;
  return {
    mode,
    registerRoutes(app) {
      app.get('/v1/health', async (_request, reply) => sendOk(reply, clock, { status: 'ok', mode, version }));
    },
    close() {},
  };
}
