import { Fragment } from 'react';
import { ExternalLink } from '@/components/external-link';
import { isHttpUrl } from '@/lib/format';

// An address starts with http:// or https:// and runs to the next space; closing punctuation is not part of it.
const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

/** Splits text into plain parts and http(s) addresses (anything else, e.g. javascript:, stays text). */
export function proofParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0].replace(TRAILING, '');
    const start = m.index;
    if (!isHttpUrl(url)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A member's proof text with its web addresses as links out of the app (issue #14 item 19). */
export function ProofText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {proofParts(text).map((p, i) =>
        p.href ? (
          <ExternalLink
            key={i}
            href={p.href}
            className="font-medium break-all text-primary underline underline-offset-2 hover:no-underline"
          >
            {p.text}
          </ExternalLink>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </p>
  );
}
