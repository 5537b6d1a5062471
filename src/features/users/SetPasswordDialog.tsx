/**
 * Set password (superusers, spec 000 §6): a new password following the rule of §5 (8+ characters,
 * a number, an uppercase letter); `PATCH /user/{id}/set-password`; success 'Password set'.
 */
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { errorText } from '../../ui/errorText';
import { passwordProblems } from './passwordRule';
import { setUserPassword } from './users.api';

export function SetPasswordDialog({ user, onClose }: { user: { id: number; email: string } | null; onClose: () => void }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    if (passwordProblems(password).length) {
      setError(t`At least 8 characters, with a number and an uppercase letter.`);
      return;
    }
    setBusy(true);
    try {
      await setUserPassword(user.id, password);
      toast.success(t`Password set`);
      close();
    } catch (err) {
      toast.error(errorText(err, t`An error occurred`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={user !== null} title={<Trans>Set password for {user?.email}</Trans>} onClose={close}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField label={t`New password`} type="password" required value={password} onChange={setPassword} error={error} autoComplete="new-password" hint={<Trans>At least 8 characters, with a number and an uppercase letter.</Trans>} />
        <div className="actions end">
          <button type="button" className="button" onClick={close}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            <Trans>Set password</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
