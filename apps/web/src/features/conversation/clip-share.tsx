import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { emailContent } from './api/email-content';
import { captureArea, type Rect } from './capture-area';

const MIN_SIZE = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Clip & Share (spec document 2 §2.5, §4.8): drag over the screen to select an area (mouse, pen
 * or touch), release to capture it as a PNG — the screen as it is, scrolled where it is, without
 * this overlay's tint — then e-mail it. Escape, a selection under 10 px or a failed capture cancels.
 */
export function ClipShare({ onDone }: { onDone: () => void }) {
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [rect, setRect] = useState<Rect | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !image && onDone();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [image, onDone]);

  if (image) return <ShareDialog image={image} onClose={onDone} />;
  return (
    <div
      data-clip-ignore=""
      className="fixed inset-0 z-50 cursor-crosshair touch-none bg-black/30 select-none"
      data-testid="clip-overlay"
      onPointerDown={(e) => {
        if (capturing) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setStart({ x: e.clientX, y: e.clientY });
        setRect({ x: e.clientX, y: e.clientY, w: 0, h: 0 });
      }}
      onPointerMove={(e) =>
        start &&
        setRect({
          x: Math.min(start.x, e.clientX),
          y: Math.min(start.y, e.clientY),
          w: Math.abs(e.clientX - start.x),
          h: Math.abs(e.clientY - start.y),
        })
      }
      onPointerUp={() => {
        const r = rect;
        setStart(null);
        if (!start || !r || r.w < MIN_SIZE || r.h < MIN_SIZE) return onDone();
        setCapturing(true);
        captureArea(r).then(setImage, onDone);
      }}
    >
      <p className="pointer-events-none fixed top-4 left-1/2 -translate-x-1/2 rounded-full bg-background px-4 py-2 text-sm shadow">
        {capturing ? 'Capturing…' : 'Click and drag to select an area • Press ESC to cancel'}
      </p>
      {rect ? (
        <div
          className="pointer-events-none fixed border-2 border-primary bg-white/10"
          style={{ left: rect.x, top: rect.y, width: rect.w, height: rect.h }}
        >
          {rect.w > 50 && rect.h > 30 ? (
            <span className="absolute -top-6 left-0 rounded bg-primary px-1.5 text-xs text-primary-foreground">{`${Math.round(rect.w)} × ${Math.round(rect.h)}`}</span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ShareDialog({ image, onClose }: { image: string; onClose: () => void }) {
  const [address, setAddress] = useState('');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), 10_000);
    return () => clearTimeout(timer);
  }, [sent]);
  const add = () => {
    const value = address.trim();
    if (!EMAIL.test(value)) return setError('Please enter a valid email address');
    if (recipients.includes(value.toLowerCase())) return setError('This email is already added');
    setRecipients((r) => [...r, value.toLowerCase()]);
    setAddress('');
    setError(null);
  };
  const send = async () => {
    if (!recipients.length) return setError('Please add at least one email address');
    setSending(true);
    try {
      await emailContent(recipients, image.replace(/^data:image\/png;base64,/, ''));
      setSent(true);
      setError(null);
    } catch {
      setError('Failed to send email. Please try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogTitle>Share Clipped Content</DialogTitle>
        <DialogDescription>E-mail this clip as a PNG.</DialogDescription>
        <img
          src={image}
          alt="Clipped area"
          className="mt-3 max-h-64 w-full rounded-lg border border-border object-contain"
        />
        <div className="mt-3 flex gap-2">
          <Input
            aria-label="Recipient e-mail"
            placeholder="name@company.com"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())}
          />
          <Button variant="secondary" onClick={add}>
            Add
          </Button>
        </div>
        {recipients.length ? (
          <div className="mt-2">
            <p className="text-xs text-muted-foreground">
              {recipients.length} recipient{recipients.length === 1 ? '' : 's'}
            </p>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {recipients.map((r) => (
                <li
                  key={r}
                  className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs"
                >
                  {r}
                  <button
                    type="button"
                    aria-label={`Remove ${r}`}
                    onClick={() => setRecipients((all) => all.filter((x) => x !== r))}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {error ? <p className="mt-2 text-sm text-destructive">{error}</p> : null}
        {sent ? <p className="mt-2 text-sm text-success">Email sent successfully!</p> : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button disabled={sending} onClick={() => void send()}>
            {sending ? 'Sending...' : 'Send Email'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
