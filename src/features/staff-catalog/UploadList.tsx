/** The files being sent by the picture field: each with its progress, or the reason it was refused beside its name. */

export interface Upload {
  key: number;
  name: string;
  /** 0..1 of the bytes sent. */
  sent: number;
  state: 'waiting' | 'sending' | 'refused';
  message?: string;
}

export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss(key: number): void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="picture-uploads" aria-label="Pictures being added">
      {uploads.map((u) => (
        <li key={u.key} className={u.state === 'refused' ? 'picture-upload is-refused' : 'picture-upload'}>
          <span className="picture-upload-name">{u.name}</span>
          {u.state === 'refused' ? (
            <>
              <span className="picture-upload-why" role="alert">
                {u.message}
              </span>
              <button type="button" className="staff-button-small" onClick={() => onDismiss(u.key)} aria-label={`Dismiss ${u.name}`}>
                Dismiss
              </button>
            </>
          ) : (
            <>
              <progress max={100} value={u.state === 'waiting' ? 0 : Math.round(u.sent * 100)} aria-label={`Sending ${u.name}`} />
              <span className="picture-upload-state">{u.state === 'waiting' ? 'Waiting…' : u.sent >= 1 ? 'Preparing…' : `${Math.round(u.sent * 100)} %`}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
