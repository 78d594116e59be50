import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@greetboard/contracts';

import type { RequestWithUser } from './current-user.decorator.js';

const PUBLIC_ROUTE = 'greetboard:public-route';
const ADMIN_ROUTE = 'greetboard:admin-route';

/** Marks a route that answers without a signed-in user. Every other route is guarded. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Marks a route (or controller) for signed-in admins only ('Admin access required'). */
export const AdminOnly = () => SetMetadata(ADMIN_ROUTE, true);

/**
 * Refuses every route not marked `@Public()` unless a signed-in user is attached to the
 * request, and `@AdminOnly()` routes unless that user is an admin.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const { user } = context.switchToHttp().getRequest<RequestWithUser>();
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const adminOnly = this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (adminOnly && !user.isAdmin) throw new DomainError('ADMIN_REQUIRED');
    return true;
  }
}
