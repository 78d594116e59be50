import { useTranslation } from 'react-i18next';
import type { ActivityStatistics } from '@greetboard/contracts/wire';
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { BarChart } from './BarChart';
import { formatDay, formatDuration, formatHour, formatNumber } from './format';

/** The 7-day grid: chatters and greeted per day, as a table and as a chart. */
export function SevenDays({ activity }: { activity: ActivityStatistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.language;
  const theme = useAppSelector((state) => state.theme.theme);
  const days = activity.lastSevenDays;
  const labels = useMemo(() => days.map((day) => formatDay(day.date, language)), [days, language]);
  const series = useMemo(
    () => [
      {
        label: t('statistics:chatters'),
        values: days.map((d) => d.chatters),
        colorVariable: '--primary',
      },
      {
        label: t('statistics:greeted'),
        values: days.map((d) => d.greeted),
        colorVariable: '--success',
      },
    ],
    [days, t],
  );
  return (
    <>
      <table className="statistics-days">
        <caption className="visually-hidden">{t('statistics:sevenDayGrid')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('statistics:day')}</th>
            <th scope="col">{t('statistics:chatters')}</th>
            <th scope="col">{t('statistics:greeted')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-date={day.date}>
              <th scope="row">{formatDay(day.date, language)}</th>
              <td data-figure="chatters">{formatNumber(day.chatters, language)}</td>
              <td data-figure="greeted">{formatNumber(day.greeted, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BarChart
        labels={labels}
        series={series}
        theme={theme}
        language={language}
        summary={t('statistics:sevenDayChart', {
          chatters: days.reduce((sum, d) => sum + d.chatters, 0),
          greeted: days.reduce((sum, d) => sum + d.greeted, 0),
        })}
      />
    </>
  );
}

/** Chatters by hour of the day and the time it took to greet them. */
export function Patterns({ activity }: { activity: ActivityStatistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.language;
  const theme = useAppSelector((state) => state.theme.theme);
  const hourLabels = useMemo(
    () => activity.chattersByHour.map((_, hour) => formatHour(hour, language)),
    [activity.chattersByHour, language],
  );
  const hourSeries = useMemo(
    () => [
      {
        label: t('statistics:chatters'),
        values: activity.chattersByHour,
        colorVariable: '--primary',
      },
    ],
    [activity.chattersByHour, t],
  );
  const bucketLabels = useMemo(() => {
    let lower = 0;
    return activity.greetingTimes.map((bucket) => {
      const label =
        bucket.upToSeconds === null
          ? t('statistics:atLeast', { time: formatDuration(lower, t) })
          : t('statistics:under', { time: formatDuration(bucket.upToSeconds, t) });
      lower = bucket.upToSeconds ?? lower;
      return label;
    });
  }, [activity.greetingTimes, t]);
  const bucketSeries = useMemo(
    () => [
      {
        label: t('statistics:greeted'),
        values: activity.greetingTimes.map((bucket) => bucket.count),
        colorVariable: '--success',
      },
    ],
    [activity.greetingTimes, t],
  );
  const greetedTotal = activity.greetingTimes.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <div className="statistics-charts">
      <figure>
        <figcaption>{t('statistics:chattersByHour')}</figcaption>
        <BarChart
          labels={hourLabels}
          series={hourSeries}
          theme={theme}
          language={language}
          summary={t('statistics:chattersByHourSummary', {
            count: activity.chattersByHour.reduce((sum, n) => sum + n, 0),
          })}
        />
      </figure>
      <figure>
        <figcaption>{t('statistics:timeToGreet')}</figcaption>
        <BarChart
          labels={bucketLabels}
          series={bucketSeries}
          theme={theme}
          language={language}
          summary={t('statistics:timeToGreetSummary', {
            count: greetedTotal,
            time: formatDuration(activity.averageGreetingTimeSeconds, t),
          })}
        />
      </figure>
    </div>
  );
}
