import { type EmulatorUser } from '../state/users.js';

export interface ConsentPageModel {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly responseType: string;
  readonly scopes: readonly string[];
  readonly state: string | null;
  readonly forceVerify: boolean;
  readonly users: readonly EmulatorUser[];
  readonly selectedLogin?: string;
  readonly error?: string;
}

const USERS_LISTED = 50;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

/** The emulator's stand-in for Twitch's "Authorize application" page. */
export function renderConsentPage(model: ConsentPageModel): string {
  const users = model.users.slice(0, USERS_LISTED);
  const selected = model.selectedLogin ?? users[0]?.login;
  const userOptions = users
    .map(
      (user) =>
        `<li><label><input type="radio" name="login" value="${escapeHtml(user.login)}"${
          user.login === selected ? ' checked' : ''
        }> <img src="${escapeHtml(user.profileImageUrl)}" alt="" width="28" height="28"> ${escapeHtml(
          user.displayName,
        )} <span class="muted">(${escapeHtml(user.login)})</span></label></li>`,
    )
    .join('\n');
  const more =
    model.users.length > USERS_LISTED
      ? `<p class="muted">${model.users.length - USERS_LISTED} more users not listed; type a login below to sign in as one of them or to create it.</p>`
      : '';
  const scopes = model.scopes.length
    ? `<ul>${model.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>`
    : '<p>No extra permissions: basic profile only.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize application - Twitch emulator</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #0e0e10; color: #efeff1; margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; background: #18181b; padding: 1.5rem 2rem; border-radius: 8px; }
  h1 { font-size: 1.4rem; }
  fieldset { border: 1px solid #3a3a3d; border-radius: 6px; margin: 1rem 0; }
  ul.users { list-style: none; padding: 0; margin: 0; max-height: 18rem; overflow-y: auto; }
  ul.users li { padding: .25rem 0; }
  label { cursor: pointer; }
  img { vertical-align: middle; border-radius: 50%; }
  .muted { color: #adadb8; }
  .error { background: #4d1a1a; border-left: 4px solid #eb0400; padding: .5rem 1rem; }
  .actions { display: flex; gap: 1rem; justify-content: flex-end; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 0; cursor: pointer; }
  button[value=authorize] { background: #9147ff; color: #fff; }
  button[value=cancel] { background: #3a3a3d; color: #efeff1; }
  button:focus-visible, input:focus-visible { outline: 3px solid #bf94ff; outline-offset: 2px; }
  input[type=text] { font: inherit; padding: .4rem; width: 100%; box-sizing: border-box; }
</style>
</head>
<body>
<main>
<h1>Authorize <code>${escapeHtml(model.clientId)}</code></h1>
<p class="muted">Twitch emulator: no real Twitch account is involved.${
    model.forceVerify ? ' The application asked to confirm this again (force_verify).' : ''
  }</p>
${model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : ''}
<form method="post" action="/oauth2/authorize">
${hidden('client_id', model.clientId)}
${hidden('redirect_uri', model.redirectUri)}
${hidden('response_type', model.responseType)}
${hidden('scope', model.scopes.join(' '))}
${model.state === null ? '' : hidden('state', model.state)}
${hidden('force_verify', String(model.forceVerify))}
<h2>This application will be able to:</h2>
${scopes}
<fieldset>
<legend>Sign in as</legend>
<ul class="users">
${userOptions}
</ul>
${more}
</fieldset>
<p><label for="new_login">Or create a new user (login)</label>
<input type="text" id="new_login" name="new_login" autocomplete="off" pattern="[a-z0-9_]{1,25}" aria-describedby="new_login_help">
<span id="new_login_help" class="muted">Lowercase letters, digits and underscores. Used instead of the choice above.</span></p>
<div class="actions">
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="authorize">Authorize</button>
</div>
</form>
</main>
</body>
</html>
`;
}

/** A simple initials avatar so profile_image_url never has to reach the internet. */
export function renderAvatar(user: EmulatorUser): string {
  const initial = escapeHtml(([...user.displayName][0] ?? '?').toUpperCase());
  const color = user.color || '#9147FF';
  // A head-and-shoulders figure behind the initial, so a profile image never looks like the
  // initial a screen shows when there is none.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300"><rect width="300" height="300" fill="${color}"/><g fill="#ffffff" fill-opacity="0.35"><circle cx="150" cy="118" r="62"/><ellipse cx="150" cy="300" rx="118" ry="104"/></g><text x="150" y="205" font-family="sans-serif" font-size="110" font-weight="700" text-anchor="middle" fill="#ffffff" stroke="#000000" stroke-opacity="0.25" stroke-width="4" paint-order="stroke">${initial}</text></svg>`;
}
