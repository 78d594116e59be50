import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** `?tz=Europe/Berlin`: the viewer's IANA time zone (checked by the stats service). */
export class TimeZoneQuery {
  @IsString()
  @MaxLength(64)
  tz: string;
}

export const EXPORT_FORMATS = ['csv', 'json'] as const;

export class ExportQuery {
  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  format?: (typeof EXPORT_FORMATS)[number];
}
