import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, type LoginAccess, type UserDto } from '@greetboard/contracts';

/** The signed-in user, attached to the request by sign-in's session lookup. */
export type AuthenticatedUser = UserDto;

export interface RequestWithUser {
  user?: AuthenticatedUser;
  /** What the request's login session may do: a browser, or an overlay link (ADR 0029). */
  access?: LoginAccess;
}

/** Injects what the request's login session may do: `browser`, or an overlay link's access. */
export const CurrentAccess = createParamDecorator(
  (_data: unknown, context: ExecutionContext): LoginAccess =>
    context.switchToHttp().getRequest<RequestWithUser>().access ?? 'browser',
);

/** Injects the signed-in user into a route handler; the route must not be `@Public()`. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<RequestWithUser>().user;
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return user;
  },
);
