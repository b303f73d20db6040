import { Form } from "react-router";
import { intentField } from "~core/form-intent";
import { imageAccept, type StoredImage } from "~core/images";
import { Picture } from "../media/Picture";
import { Field } from "./Field";

/**
 * A picture's upload form: the file and, required, what it shows in words. It posts the page's
 * upload intent; the server reads the file itself and says when it cannot use it.
 */
export function PhotoUpload({
  title,
  intent,
  errors,
  busy,
  current,
  shape,
  none,
}: {
  title: string;
  intent: string;
  errors: { file?: string; alt?: string };
  busy: boolean;
  /** The picture there is now. */
  current: StoredImage | null;
  /** The classes that give the picture its shape on the page it is for. */
  shape: string;
  /** What the page shows while there is no picture. */
  none: string;
}) {
  const headingId = `${intent}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-olive-200 bg-cream p-4"
    >
      <h2 id={headingId} className="text-xl">
        {title}
      </h2>
      {current ? (
        <Picture
          image={current}
          sizes="22rem"
          load="lazy"
          className={`w-full rounded-lg object-cover ${shape}`}
        />
      ) : (
        <p className="text-ink/80">{none}</p>
      )}
      <Form method="post" encType="multipart/form-data" noValidate className="space-y-3">
        <input type="hidden" name={intentField} value={intent} />
        <PhotoFields form={intent} label={`New ${title.toLowerCase()}`} errors={errors} />
        <button type="submit" disabled={busy} className="btn-outline min-h-11">
          Upload {title.toLowerCase()}
        </button>
      </Form>
    </section>
  );
}

/** A picture's file and, required, what it shows in words; inside a multipart form. */
export function PhotoFields({
  form,
  label,
  errors,
  typedAlt,
}: {
  form: string;
  label: string;
  errors: { file?: string; alt?: string };
  /** The alt text of a refused upload, shown again. */
  typedAlt?: string;
}) {
  return (
    <>
      <Field
        name="photo"
        form={form}
        type="file"
        accept={imageAccept}
        label={label}
        hint="JPEG, PNG, WebP or AVIF, up to 10 MB."
        error={errors.file}
        required
      />
      <Field
        name="alt"
        form={form}
        label="What the picture shows (alt text)"
        hint="Read aloud to people who cannot see it."
        error={errors.alt}
        defaultValue={typedAlt}
        required
      />
    </>
  );
}
