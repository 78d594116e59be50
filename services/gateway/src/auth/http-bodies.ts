import { Transform } from 'class-transformer';
import { IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { TWITCH_LOGIN_PATTERN } from '@greetboard/contracts';

/** People type logins in any case and with stray spaces; Twitch logins are lower-case. */
const normaliseLogin = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

const LOGIN_PROBLEM = 'username must be a Twitch login (letters, digits, underscores; 1-25)';

export class TwitchLoginQuery {
  @Transform(normaliseLogin)
  @IsString()
  @MaxLength(25)
  @Matches(TWITCH_LOGIN_PATTERN, { message: LOGIN_PROBLEM })
  username: string;
}

export class ImportUserBody {
  @Transform(normaliseLogin)
  @IsString()
  @MaxLength(25)
  @Matches(TWITCH_LOGIN_PATTERN, { message: LOGIN_PROBLEM })
  username: string;
}

export class UserIdParams {
  @IsUUID('all', { message: 'id must be a UUID' })
  id: string;
}
