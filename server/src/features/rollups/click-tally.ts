// What a batch of clicks and impressions adds to the rollups, gathered one event at a time as
// the events arrive, so that storing the batch has only a few cells left to fan out and write.
// The click buffer keeps one per batch: the redirect adds its click here (a map lookup and two
// sketch adds) instead of the batch being walked click by click when it is stored, which held up
// the event loop for tens of milliseconds per batch and kept every click object alive until then.
import type { ClickSource } from '../../db/schema.js';
import { DAY_MS, HOUR_MS } from './time.js';
import { VisitorSketch } from './visitor-sketch.js';

/** The ids of the link an event happened on. */
export interface TalliedLink {
  linkId: number;
  brandId: number;
  campaignId: number;
  advocateId: number;
}

/** The click fields the rollups read. */
export interface TalliedClick extends TalliedLink {
  createdAt: Date;
  source: ClickSource;
  visitorHash: string;
}

/** Redirects of people on one link in one hour from one source (repeat visits included). */
export interface ImpressionCount extends TalliedLink {
  hour: number;
  source: ClickSource;
  count: number;
}

/** The start of the UTC month containing `ms`. */
const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/**
 * The rule of every rollup table, for the rows an event adds to:
 * - the brand's totals (advocate 0, campaign 0) per hour, day and month, by source (and event
 *   type, currency);
 * - the advocate's, per campaign, per hour and day, by source (and event type, currency);
 * - the advocate's totals per month: campaign 0, source and event type '' (all). These are what
 *   long ranges and all-time figures of many advocates read (top advocates, the advocates
 *   list): a few rows per advocate and month however many events they had.
 * Visitor sketches have no campaign or source: brand per hour, day and month, advocate per hour
 * and day. `totals` marks the rows whose source and event type are ''.
 */
function* rollupKeys(ms: number, brandId: number, advocateId: number, campaignId: number) {
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const month = monthOf(ms);
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'h', bucket: hour, totals: false };
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'd', bucket: day, totals: false };
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'm', bucket: month, totals: false };
  yield { brandId, advocateId, campaignId, grain: 'h', bucket: hour, totals: false };
  yield { brandId, advocateId, campaignId, grain: 'd', bucket: day, totals: false };
  yield { brandId, advocateId, campaignId: 0, grain: 'm', bucket: month, totals: true };
}

/** Cells by their key ("brand|advocate|…", as the row's key columns), in key order. */
const inKeyOrder = <T>(cells: Map<string, T>): T[] =>
  [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);

/** A click_rollups row's addition. */
export interface ClickCell {
  brand_id: number;
  advocate_id: number;
  grain: string;
  bucket: string;
  campaign_id: number;
  source: string;
  clicks: number;
  impressions: number;
}

/** A link_impressions row's addition. */
export interface ImpressionRow {
  hour: string;
  link_id: number;
  source: ClickSource;
  brand_id: number;
  campaign_id: number;
  advocate_id: number;
  impressions: number;
}

/** One visitor sketch row: its key (column to value, bucket as ISO text) and the visitors to add. */
export interface SketchCell {
  key: Record<string, number | string>;
  sketch: VisitorSketch;
}

/** One link's events in one hour from one source (a link's brand, campaign and advocate never change). */
interface LinkHour extends TalliedLink {
  hour: number;
  source: ClickSource;
  clicks: number;
  impressions: number;
  /** The visitor sketches its clicks go to (the advocate's hour, the campaign's month), once known. */
  sketches?: { advocateHour: VisitorSketch; campaignMonth: VisitorSketch };
}

/** The visitors of one advocate's links in one hour. */
interface VisitorHour {
  brandId: number;
  advocateId: number;
  hour: number;
  visitors: VisitorSketch;
}

/** The visitors of one campaign in one UTC month. */
interface CampaignMonth {
  campaignId: number;
  month: number;
  visitors: VisitorSketch;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class ClickTally {
  private readonly linkHours = new Map<string, LinkHour>();
  private readonly visitorHours = new Map<string, VisitorHour>();
  private readonly campaignMonths = new Map<string, CampaignMonth>();
  /** The cell the last event went to: a click follows its own impression, so most lookups stop here. */
  private last: LinkHour | undefined;

  /** A tally of these clicks and impressions at once (a replayed journal, the demo data, a retry). */
  static of(
    clicks: readonly TalliedClick[],
    impressions: readonly ImpressionCount[] = [],
  ): ClickTally {
    const tally = new ClickTally();
    for (const click of clicks) tally.addClick(click);
    for (const i of impressions) tally.addImpressions(i, i.source, i.hour, i.count);
    return tally;
  }

  get isEmpty(): boolean {
    return this.linkHours.size === 0;
  }

  private linkHour(link: TalliedLink, source: ClickSource, ms: number): LinkHour {
    const hour = ms - (ms % HOUR_MS);
    const last = this.last;
    if (last?.linkId === link.linkId && last.hour === hour && last.source === source) return last;
    const key = `${link.linkId}|${hour}|${source}`;
    let cell = this.linkHours.get(key);
    if (!cell) {
      const { linkId, brandId, campaignId, advocateId } = link;
      cell = { linkId, brandId, campaignId, advocateId, hour, source, clicks: 0, impressions: 0 };
      this.linkHours.set(key, cell);
    }
    this.last = cell;
    return cell;
  }

  private visitorHour(brandId: number, advocateId: number, hour: number): VisitorSketch {
    const key = `${brandId}|${advocateId}|${hour}`;
    let cell = this.visitorHours.get(key);
    if (!cell)
      this.visitorHours.set(
        key,
        (cell = { brandId, advocateId, hour, visitors: new VisitorSketch() }),
      );
    return cell.visitors;
  }

  private campaignMonth(campaignId: number, month: number): VisitorSketch {
    const key = `${campaignId}|${month}`;
    let cell = this.campaignMonths.get(key);
    if (!cell)
      this.campaignMonths.set(key, (cell = { campaignId, month, visitors: new VisitorSketch() }));
    return cell.visitors;
  }

  /** `count` redirects of people on `link` at `atMs` (repeat visits included). */
  addImpressions(link: TalliedLink, source: ClickSource, atMs: number, count = 1): void {
    this.linkHour(link, source, atMs).impressions += count;
  }

  /** One counted click: the click figures, and its visitor in the visitor sketches. */
  addClick(click: TalliedClick): void {
    const cell = this.linkHour(click, click.source, click.createdAt.getTime());
    cell.clicks += 1;
    cell.sketches ??= {
      advocateHour: this.visitorHour(cell.brandId, cell.advocateId, cell.hour),
      campaignMonth: this.campaignMonth(cell.campaignId, monthOf(cell.hour)),
    };
    cell.sketches.advocateHour.add(click.visitorHash);
    cell.sketches.campaignMonth.add(click.visitorHash);
  }

  /** Adds everything `other` holds (a failed batch and the one gathered since, stored as one). */
  merge(other: ClickTally): void {
    for (const c of other.linkHours.values()) {
      const cell = this.linkHour(c, c.source, c.hour);
      cell.clicks += c.clicks;
      cell.impressions += c.impressions;
    }
    for (const v of other.visitorHours.values())
      this.visitorHour(v.brandId, v.advocateId, v.hour).merge(v.visitors);
    for (const m of other.campaignMonths.values())
      this.campaignMonth(m.campaignId, m.month).merge(m.visitors);
  }

  /** This tally's impressions with `clicks` instead of its own clicks. */
  withClicks(clicks: readonly TalliedClick[]): ClickTally {
    const tally = ClickTally.of(clicks);
    for (const c of this.linkHours.values())
      if (c.impressions > 0) tally.addImpressions(c, c.source, c.hour, c.impressions);
    return tally;
  }

  /** The link_impressions rows to add to. */
  impressionRows(): ImpressionRow[] {
    const rows: ImpressionRow[] = [];
    for (const c of this.linkHours.values()) {
      if (c.impressions === 0) continue;
      rows.push({
        hour: iso(c.hour),
        link_id: c.linkId,
        source: c.source,
        brand_id: c.brandId,
        campaign_id: c.campaignId,
        advocate_id: c.advocateId,
        impressions: c.impressions,
      });
    }
    return rows;
  }

  /** Click and impression counts per click_rollups row, in key order (locks taken in one order). */
  clickCells(): ClickCell[] {
    const cells = new Map<string, ClickCell>();
    for (const c of this.linkHours.values()) {
      for (const k of rollupKeys(c.hour, c.brandId, c.advocateId, c.campaignId)) {
        const source = k.totals ? '' : c.source;
        const id = `${k.brandId}|${k.advocateId}|${k.grain}|${k.bucket}|${k.campaignId}|${source}`;
        let cell = cells.get(id);
        if (!cell) {
          cell = {
            brand_id: k.brandId,
            advocate_id: k.advocateId,
            grain: k.grain,
            bucket: iso(k.bucket),
            campaign_id: k.campaignId,
            source,
            clicks: 0,
            impressions: 0,
          };
          cells.set(id, cell);
        }
        cell.clicks += c.clicks;
        cell.impressions += c.impressions;
      }
    }
    return inKeyOrder(cells);
  }

  /**
   * The visitors per brand and advocate sketch row, in key order: each advocate's hour sketch
   * merged into each row it belongs to (no advocate month sketches).
   */
  sketchCells(): SketchCell[] {
    const cells = new Map<string, SketchCell>();
    for (const { brandId, advocateId, hour, visitors } of this.visitorHours.values()) {
      for (const k of rollupKeys(hour, brandId, advocateId, 0)) {
        if (k.totals) continue;
        const id = `${k.brandId}|${k.advocateId}|${k.grain}|${k.bucket}`;
        let cell = cells.get(id);
        if (!cell) {
          const key = {
            brand_id: k.brandId,
            advocate_id: k.advocateId,
            grain: k.grain,
            bucket: iso(k.bucket),
          };
          cells.set(id, (cell = { key, sketch: new VisitorSketch() }));
        }
        cell.sketch.merge(visitors);
      }
    }
    return inKeyOrder(cells);
  }

  /** The visitors per campaign and UTC month, in key order. */
  campaignSketchCells(): SketchCell[] {
    const cells = new Map<string, SketchCell>();
    for (const { campaignId, month, visitors } of this.campaignMonths.values())
      cells.set(`${campaignId}|${month}`, {
        key: { campaign_id: campaignId, bucket: iso(month) },
        sketch: visitors,
      });
    return inKeyOrder(cells);
  }
}
