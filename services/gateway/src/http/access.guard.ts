import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, type OverlayAccess } from '@greetboard/contracts';

import type { RequestWithUser } from './current-user.decorator.js';

const PUBLIC_ROUTE = 'greetboard:public-route';
const ADMIN_ROUTE = 'greetboard:admin-route';
const OVERLAY_ROUTE = 'greetboard:overlay-route';

/** Marks a route that answers without a signed-in user. Every other route is guarded. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Marks a route (or controller) for signed-in admins only ('Admin access required'). */
export const AdminOnly = () => SetMetadata(ADMIN_ROUTE, true);

/**
 * Marks a route an overlay link may call (ADR 0029): `read` for every link, `greet` only for
 * a link that may greet. Every other route refuses overlay links with OVERLAY_LINK_REFUSED.
 */
export const OverlayRoute = (needs: OverlayAccess) => SetMetadata(OVERLAY_ROUTE, needs);

/**
 * Refuses every route not marked `@Public()` unless a signed-in user is attached to the
 * request, `@AdminOnly()` routes unless that user is an admin, and, through an overlay link,
 * every route not marked `@OverlayRoute()` for what the link may do.
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
    const { user, access } = context.switchToHttp().getRequest<RequestWithUser>();
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (access !== undefined && access !== 'browser') {
      const needs = this.reflector.getAllAndOverride<OverlayAccess | undefined>(OVERLAY_ROUTE, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (needs === undefined || (needs === 'greet' && access !== 'overlay-greet')) {
        throw new DomainError('OVERLAY_LINK_REFUSED');
      }
    }
    const adminOnly = this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (adminOnly && !user.isAdmin) throw new DomainError('ADMIN_REQUIRED');
    return true;
  }
}
