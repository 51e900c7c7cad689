import { NOTE_MAX_LENGTH, type ProfileNoteName } from '@amora/shared/rules/profile-fields';
import type { SignupStep } from '@amora/shared/rules/signup-steps';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { profilePatchSchema } from '@amora/shared/schemas/user-update';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '@/components/form-field';
import { useUpdateUser } from '@/lib/update-user';
import { FormActions, type ProfileFormFrame } from './form-actions';

/** The shared notes rule; what is saved is trimmed. */
const notesSchema = profilePatchSchema.shape.notes
  .unwrap()
  .transform((notes) =>
    Object.fromEntries(Object.entries(notes).map(([note, value]) => [note, value?.trim() ?? ''])),
  );
type NotesValues = Partial<Record<ProfileNoteName, string>>;

interface Props extends ProfileFormFrame {
  profile: OwnProfile;
  /** The notes to ask, in order (on /profile those the site shows). */
  notes: readonly ProfileNoteName[];
  /** Sent with the notes: signup's last form step marks the signup as gone through. */
  lastSignupStep?: SignupStep;
}

/** The about-me notes (signup step 5 and /profile), each with the characters left. */
export function AboutForm({ profile, notes, lastSignupStep, onSaved, ...frame }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const text = useValidationText();
  const update = useUpdateUser();
  const form = useForm<NotesValues, unknown, Record<string, string>>({
    resolver: zodResolver(notesSchema),
    defaultValues: Object.fromEntries(notes.map((note) => [note, profile.notes[note] ?? ''])),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });

  const save = form.handleSubmit(async (saved) => {
    try {
      await update.mutateAsync({
        profile: { notes: saved },
        ...(lastSignupStep === undefined ? {} : { lastSignupStep }),
      });
      onSaved();
    } catch {
      // Shown from update.error.
    }
  });

  return (
    <form onSubmit={save} noValidate>
      {notes.map((note) => {
        const error = errors[note]?.message;
        return (
          <div key={note} className="mb-3">
            <label htmlFor={`${id}-${note}`} className="form-label fw-medium">
              {t(`my_profile.about.${note}`)}
            </label>
            <textarea
              id={`${id}-${note}`}
              className={`form-control notes-area ${error ? 'is-invalid' : ''}`}
              rows={note === 'personal' ? 5 : 3}
              maxLength={NOTE_MAX_LENGTH}
              placeholder={note === 'personal' ? t('signup.about.personal_placeholder') : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${note}-feedback` : `${id}-${note}-count`}
              {...form.register(note)}
            />
            {error && (
              <div id={`${id}-${note}-feedback`} className="invalid-feedback">
                {text(error)}
              </div>
            )}
            <div id={`${id}-${note}-count`} className="form-text text-end">
              {t('signup.about.characters_left', {
                count: NOTE_MAX_LENGTH - (values[note]?.length ?? 0),
              })}
            </div>
          </div>
        );
      })}
      <FormActions error={update.error} pending={update.isPending} {...frame} />
    </form>
  );
}
