/**
 * The pictures of a product or a category, as its form edits them: thumbnails in order, the first
 * marked "Main picture" (the one the shop's cards show); pictures added by choosing files (a phone
 * offers its camera or its gallery) or, on a desk, by dropping them on the field, several at once,
 * each with its progress and, when refused, the reason beside its name; each moved left or right
 * (buttons, so the keyboard can) or dragged, made the main one, or removed. A picture is stored as
 * soon as it is uploaded; the list itself is the form's, saved with it (`onChange`).
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { pictureRefusal, PICTURE_TYPES, type PictureKind } from '#lib/pictures.ts';
import { failureMessage, StaffApiError } from '#features/staff/api.ts';
import { addPicture, makeMain, movePicture, removePicture, roomFor } from './picture-rules.ts';
import { uploadPicture } from './pictures-api.ts';
import { PictureThumb, type PictureAction } from './PictureThumb.tsx';
import { UploadList, type Upload } from './UploadList.tsx';

export interface PictureFieldProps {
  kind: PictureKind;
  value: string[];
  onChange(images: string[]): void;
  /** The most pictures the record may have (default 8). */
  max?: number;
  /** The field's heading (default "Pictures"). */
  label?: string;
  /** What the form's checks say of the list, shown under it. */
  error?: string;
}

const fullText = (max: number) => `No room for more: a record takes at most ${max} pictures. Remove one first.`;

let uploads = 0;

export function PictureField({ kind, value, onChange, max = 8, label = 'Pictures', error }: PictureFieldProps) {
  const id = useId();
  const [queue, setQueue] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [said, setSaid] = useState('');
  // The list as last changed here: uploads finish after renders the parent has not made yet.
  const current = useRef(value);
  current.current = value;
  const dragged = useRef<number | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ index: number; action: PictureAction } | null>(null);
  const sending = useRef(Promise.resolve());

  const change = (next: string[], words: string) => {
    current.current = next;
    onChange(next);
    setSaid(words);
  };

  // After a move or a removal, the keyboard stays on the picture it moved (or the next one).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !list.current) return;
    refocus.current = null;
    const item = list.current.querySelector(`[data-index="${wanted.index}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    button?.focus();
  }, [value]);

  const patch = (key: number, to: Partial<Upload>) => setQueue((q) => q.map((u) => (u.key === key ? { ...u, ...to } : u)));

  /** Files chosen or dropped: each checked, then sent one after another in the order given. */
  function addFiles(files: File[]) {
    let room = roomFor(current.current, max) - queue.filter((u) => u.state === 'waiting' || u.state === 'sending').length;
    const added: Upload[] = files.map((file) => {
      const refusal = pictureRefusal(file) ?? (room <= 0 ? fullText(max) : null);
      if (!refusal) room--;
      return { key: ++uploads, name: file.name, sent: 0, state: refusal ? 'refused' : 'waiting', message: refusal ?? undefined };
    });
    setQueue((q) => [...q.filter((u) => u.state !== 'refused'), ...added]);
    files.forEach((file, i) => {
      const upload = added[i];
      if (upload.state === 'refused') return;
      sending.current = sending.current.then(async () => {
        patch(upload.key, { state: 'sending' });
        try {
          const image = await uploadPicture(kind, file, (sent) => patch(upload.key, { sent }));
          if (current.current.length >= max) return patch(upload.key, { state: 'refused', message: fullText(max) });
          change(addPicture(current.current, image, max), `${file.name} added.`);
          setQueue((q) => q.filter((u) => u.key !== upload.key));
        } catch (error) {
          if (!(error instanceof StaffApiError && error.leaving)) patch(upload.key, { state: 'refused', message: failureMessage(error) });
        }
      });
    });
  }

  function act(index: number, action: PictureAction) {
    const n = index + 1;
    if (action === 'left') change(movePicture(value, index, index - 1), `Picture ${n} moved left.`);
    if (action === 'right') change(movePicture(value, index, index + 1), `Picture ${n} moved right.`);
    if (action === 'main') change(makeMain(value, index), `Picture ${n} is now the main picture.`);
    if (action === 'remove') change(removePicture(value, index), `Picture ${n} removed.`);
    const to = action === 'left' ? index - 1 : action === 'right' ? index + 1 : action === 'main' ? 0 : Math.min(index, value.length - 2);
    refocus.current = { index: to, action: action === 'main' ? 'right' : action };
  }

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragOver = (event: DragEvent) => {
    if (dragged.current !== null || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    setOver(false);
    if (dragged.current !== null || !hasFiles(event)) return;
    event.preventDefault();
    addFiles([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="picture-field" aria-describedby={`${id}-hint`}>
      <legend className="form-label">{label}</legend>
      <p id={`${id}-hint`} className="form-hint">
        The first picture is the main one, shown on the shop’s cards. JPEG, PNG or WebP, up to 10 MB each; {value.length} of {max}.
      </p>
      {/* Each picture is a group named by its place ("Picture 1, the main picture"), so not a list: a list item cannot be a group. */}
      {value.length > 0 && (
        <div ref={list} className="picture-list">
          {value.map((image, index) => (
            <PictureThumb
              key={image}
              image={image}
              index={index}
              count={value.length}
              onAction={(action) => act(index, action)}
              onDragStart={() => (dragged.current = index)}
              onDragEnd={() => (dragged.current = null)}
              onDropHere={() => {
                const from = dragged.current;
                dragged.current = null;
                if (from !== null && from !== index) change(movePicture(value, from, index), `Picture ${from + 1} moved to place ${index + 1}.`);
              }}
              dragging={() => dragged.current !== null}
            />
          ))}
        </div>
      )}
      <div className={over ? 'picture-drop is-over' : 'picture-drop'} onDragOver={onDragOver} onDragLeave={() => setOver(false)} onDrop={onDrop}>
        <label htmlFor={`${id}-files`} className="btn-secondary picture-choose">
          Choose pictures
        </label>
        <input
          id={`${id}-files`}
          className="sr-only"
          type="file"
          accept={PICTURE_TYPES.join(',')}
          multiple
          onChange={(event) => {
            addFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
        <span className="picture-drop-hint">or drop them here</span>
      </div>
      {error && <p className="field-error">{error}</p>}
      <UploadList uploads={queue} onDismiss={(key) => setQueue((q) => q.filter((u) => u.key !== key))} />
      <p className="sr-only" role="status">
        {said}
      </p>
    </fieldset>
  );
}
