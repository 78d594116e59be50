import { type IncomingMessage } from 'node:http';
import {
  HttpError,
  readForm,
  redirect,
  type RequestContext,
  type Router,
  sendEmpty,
  sendHtml,
  sendJson,
} from '../http/http.js';
import { type IssuedToken, type OAuthClient, type TokenStore } from '../state/tokens.js';
import {
  type EmulatorUser,
  InvalidUserError,
  UserConflictError,
  type UserStore,
} from '../state/users.js';
import { renderConsentPage } from './consent-page.js';

/** Test switch: every authorize request is approved at once as this user. */
export interface AutoApproval {
  login: string | undefined;
}

interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  responseType: 'code' | 'token';
  scopes: string[];
  state: string | null;
  forceVerify: boolean;
}

const SESSION_COOKIE = 'twitch_emulator_login';

function twitchError(status: number, message: string): HttpError {
  return new HttpError(status, { status, message });
}

function tokenResponse(token: IssuedToken, tokens: TokenStore): Record<string, unknown> {
  return {
    access_token: token.accessToken,
    expires_in: tokens.secondsLeft(token),
    refresh_token: token.refreshToken,
    scope: token.scopes,
    token_type: 'bearer',
  };
}

/** The token from `Authorization: OAuth <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^(?:OAuth|Bearer)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** id.twitch.tv: /oauth2/authorize, /token, /validate and /revoke. */
export class IdentityRoutes {
  /** Approvals remembered per browser session, so a repeat sign-in skips consent unless force_verify. */
  private readonly approvals = new Set<string>();

  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenStore,
    private readonly autoApproval: AutoApproval,
  ) {}

  register(router: Router): void {
    router
      .add('GET', '/oauth2/authorize', (context) => this.showAuthorize(context))
      .add('POST', '/oauth2/authorize', (context) => this.decide(context))
      .add('POST', '/oauth2/token', (context) => this.token(context))
      .add('GET', '/oauth2/validate', (context) => this.validate(context))
      .add('POST', '/oauth2/revoke', (context) => this.revoke(context));
  }

  private parseAuthorize(params: URLSearchParams): AuthorizeRequest {
    const client = this.tokens.client(params.get('client_id') ?? '');
    if (!client) throw twitchError(400, 'invalid client');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      throw twitchError(400, 'Parameter redirect_uri does not match registered URI');
    }
    const responseType = params.get('response_type');
    if (responseType !== 'code' && responseType !== 'token')
      throw twitchError(400, 'unsupported response_type');
    return {
      client,
      redirectUri,
      responseType,
      scopes: (params.get('scope') ?? '').split(/[ +]/).filter(Boolean),
      state: params.get('state'),
      forceVerify: params.get('force_verify') === 'true',
    };
  }

  private showAuthorize({ req, res, url }: RequestContext): void {
    const request = this.parseAuthorize(url.searchParams);
    const autoLogin = this.autoApproval.login;
    const remembered = sessionLogin(req);
    if (autoLogin !== undefined) {
      redirect(res, this.approve(request, this.users.ensure(autoLogin)));
    } else if (
      remembered &&
      !request.forceVerify &&
      this.approvals.has(approvalKey(request, remembered))
    ) {
      const user = this.users.byLogin(remembered);
      if (user) return redirect(res, this.approve(request, user));
      this.renderConsent(res, request);
    } else {
      this.renderConsent(res, request, 200, remembered);
    }
  }

  private renderConsent(
    res: RequestContext['res'],
    request: AuthorizeRequest,
    status = 200,
    selectedLogin?: string,
    error?: string,
  ): void {
    sendHtml(
      res,
      status,
      renderConsentPage({
        clientId: request.client.clientId,
        redirectUri: request.redirectUri,
        responseType: request.responseType,
        scopes: request.scopes,
        state: request.state,
        forceVerify: request.forceVerify,
        users: this.users.list(),
        selectedLogin,
        error,
      }),
    );
  }

  private async decide(context: RequestContext): Promise<void> {
    const form = await readForm(context);
    const request = this.parseAuthorize(form);
    if (form.get('decision') !== 'authorize') {
      const target = new URL(request.redirectUri);
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied you access');
      if (request.state !== null) target.searchParams.set('state', request.state);
      return redirect(context.res, target.toString());
    }
    const newLogin = (form.get('new_login') ?? '').trim();
    let user: EmulatorUser | undefined;
    if (newLogin) {
      try {
        user = this.users.byLogin(newLogin) ?? this.users.create({ login: newLogin });
      } catch (error) {
        if (error instanceof InvalidUserError || error instanceof UserConflictError) {
          return this.renderConsent(context.res, request, 400, undefined, error.message);
        }
        throw error;
      }
    } else {
      user = this.users.byLogin(form.get('login') ?? '');
    }
    if (!user)
      return this.renderConsent(
        context.res,
        request,
        400,
        undefined,
        'Choose a user or type a new login.',
      );
    this.approvals.add(approvalKey(request, user.login));
    context.res.setHeader(
      'Set-Cookie',
      `${SESSION_COOKIE}=${user.login}; Path=/; HttpOnly; SameSite=Lax`,
    );
    redirect(context.res, this.approve(request, user));
  }

  /** The redirect back to the application carrying a code (or, implicit flow, a token). */
  private approve(request: AuthorizeRequest, user: EmulatorUser): string {
    const target = new URL(request.redirectUri);
    if (request.responseType === 'token') {
      const token = this.tokens.issueUserToken(request.client.clientId, user.id, request.scopes);
      const fragment = new URLSearchParams({
        access_token: token.accessToken,
        scope: request.scopes.join(' '),
      });
      if (request.state !== null) fragment.set('state', request.state);
      fragment.set('token_type', 'bearer');
      target.hash = fragment.toString();
      return target.toString();
    }
    const code = this.tokens.issueCode({
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      userId: user.id,
      scopes: request.scopes,
    });
    target.searchParams.set('code', code);
    target.searchParams.set('scope', request.scopes.join(' '));
    if (request.state !== null) target.searchParams.set('state', request.state);
    return target.toString();
  }

  private async token(context: RequestContext): Promise<void> {
    const form = await readForm(context);
    const client = this.tokens.client(form.get('client_id') ?? '');
    if (!client) throw twitchError(400, 'invalid client');
    if (form.get('client_secret') !== client.clientSecret)
      throw twitchError(403, 'invalid client secret');
    const grantType = form.get('grant_type');
    switch (grantType) {
      case 'authorization_code': {
        const grant = this.tokens.redeemCode(form.get('code') ?? '');
        if (!grant || grant.clientId !== client.clientId)
          throw twitchError(400, 'Invalid authorization code');
        if (grant.redirectUri !== form.get('redirect_uri')) {
          throw twitchError(400, 'Parameter redirect_uri does not match registered URI');
        }
        const token = this.tokens.issueUserToken(client.clientId, grant.userId, grant.scopes);
        return sendJson(context.res, 200, tokenResponse(token, this.tokens));
      }
      case 'refresh_token': {
        const token = this.tokens.refresh(form.get('refresh_token') ?? '', client.clientId);
        if (!token) throw twitchError(400, 'Invalid refresh token');
        return sendJson(context.res, 200, tokenResponse(token, this.tokens));
      }
      case 'client_credentials': {
        const token = this.tokens.issueAppToken(client.clientId);
        return sendJson(context.res, 200, {
          access_token: token.accessToken,
          expires_in: this.tokens.secondsLeft(token),
          token_type: 'bearer',
        });
      }
      default:
        throw twitchError(400, 'Invalid grant type');
    }
  }

  private validate({ req, res }: RequestContext): void {
    const value = bearerToken(req);
    if (!value) throw twitchError(401, 'missing authorization token');
    const token = this.tokens.lookup(value);
    if (!token) throw twitchError(401, 'invalid access token');
    const user = token.userId === undefined ? undefined : this.users.byId(token.userId);
    sendJson(
      res,
      200,
      user
        ? {
            client_id: token.clientId,
            login: user.login,
            scopes: token.scopes,
            user_id: user.id,
            expires_in: this.tokens.secondsLeft(token),
          }
        : {
            client_id: token.clientId,
            scopes: token.scopes,
            expires_in: this.tokens.secondsLeft(token),
          },
    );
  }

  private async revoke(context: RequestContext): Promise<void> {
    const form = await readForm(context);
    const client = this.tokens.client(form.get('client_id') ?? '');
    if (!client) throw twitchError(404, 'client does not exist');
    if (!this.tokens.revoke(form.get('token') ?? '', client.clientId))
      throw twitchError(400, 'Invalid token');
    sendEmpty(context.res, 200);
  }
}

function approvalKey(request: AuthorizeRequest, login: string): string {
  return `${login}|${request.client.clientId}|${[...request.scopes].sort().join(' ')}`;
}

function sessionLogin(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value) return value;
  }
  return undefined;
}
