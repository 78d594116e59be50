import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  INVITE_STATUSES,
  MAX_IGNORE_REASON_LENGTH,
  MAX_KEYWORDS_TEXT_LENGTH,
  MAX_SESSION_NAME_LENGTH,
  USERNAME_INPUT_PATTERN,
  type InviteStatus,
} from '@greetboard/contracts';

/** `{id}` in a path: anything but a UUID is a 400, never a lookup. */
export class IdParam {
  @IsUUID()
  id: string;
}

export class CreateSessionBody {
  @IsString()
  @MaxLength(MAX_SESSION_NAME_LENGTH)
  name: string;

  /** JSON-encoded list of strings (spec section 7). */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;
}

export class UpdateSessionBody {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SESSION_NAME_LENGTH)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

export class GreetBody {
  @IsBoolean()
  isGreeted: boolean;
}

export class AddIgnoredUserBody {
  @IsString()
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_IGNORE_REASON_LENGTH)
  reason?: string;
}

export class InviteEditorBody {
  @IsString()
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsIn(['editor'])
  role: 'editor';
}

export class AnswerInviteBody {
  @IsIn(INVITE_STATUSES.filter((status) => status !== 'pending'))
  status: Exclude<InviteStatus, 'pending'>;
}
