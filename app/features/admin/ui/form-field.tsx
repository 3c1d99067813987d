// Back-office forms: react-hook-form with the zod schema the API judges by (shared/admin/*.ts), so the
// page says what is wrong before it sends anything and the server says the same if it gets there.
//
//   const form = useZodForm(staffCreateSchema, { email: "", name: "", role: "support" });
//   <AdminForm form={form} onSubmit={async (values) => adminApi("/api/admin/staff", { method: "POST", body: values })}>
//     <FormField name="email" label="E-mail address" type="email" required />
//     <FormSelect name="role" label="Role">...</FormSelect>
//     <SubmitButton busyLabel="Adding...">Add staff member</SubmitButton>
//   </AdminForm>
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  get,
  type Path,
  type UseFormReturn,
  useForm,
  useFormContext,
} from "react-hook-form";
import type { z } from "zod";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { SelectField, TextField, type TextFieldProps } from "../../../components/ui/text-field.tsx";
import { messageOf } from "./admin-api.ts";

/**
 * A form checked by a zod schema (the one the API uses), errors shown once a field has been left.
 * `mode: "onSubmit"` suits forms with rows added on the page (useFieldArray): leaving one field of a row
 * validates the whole row, so a field not yet filled would show an error that only goes when it is left,
 * moving the submit button under the pointer as it is pressed.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: { mode?: "onTouched" | "onSubmit" } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot name a generic schema's types.
    resolver: zodResolver(schema as any) as never,
    defaultValues,
    mode: options.mode ?? "onTouched",
  });
}

/**
 * The form element: no browser validation bubbles (the schema's messages show instead), the submit
 * handler's thrown error shown at the top as a notice (the server's `error` text).
 */
export function AdminForm<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  children,
  className = "space-y-4",
}: {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: (values: Out) => Promise<unknown>;
  children: ReactNode;
  className?: string;
}) {
  const rootError = (form.formState.errors as { root?: { message?: unknown } }).root?.message;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={className}
        onSubmit={form.handleSubmit(async (values) => {
          try {
            await onSubmit(values);
          } catch (error) {
            form.setError("root", { message: messageOf(error, "That did not work. Please try again.") });
          }
        })}
      >
        {typeof rootError === "string" ? <Notice tone="danger">{rootError}</Notice> : null}
        {children}
      </form>
    </FormProvider>
  );
}

function fieldError(errors: unknown, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

/** A text input bound to the surrounding AdminForm by name. */
export function FormField({
  name,
  id,
  ...props
}: Omit<TextFieldProps, "id" | "name" | "error"> & { name: string; id?: string }) {
  const { register, formState } = useFormContext();
  return (
    <TextField
      id={id ?? `field-${name.replace(/\W+/g, "-")}`}
      error={fieldError(formState.errors, name)}
      {...props}
      {...register(name as Path<FieldValues>, props.type === "number" ? { valueAsNumber: true } : undefined)}
    />
  );
}

/** A select bound to the surrounding AdminForm by name. */
export function FormSelect({
  name,
  id,
  label,
  hint,
  required,
  children,
}: {
  name: string;
  id?: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  const { register, formState } = useFormContext();
  return (
    <SelectField
      id={id ?? `field-${name.replace(/\W+/g, "-")}`}
      label={label}
      hint={hint}
      required={required}
      error={fieldError(formState.errors, name)}
      {...register(name as Path<FieldValues>)}
    >
      {children}
    </SelectField>
  );
}

/** A checkbox bound to the surrounding AdminForm by name. */
export function FormCheckbox({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const { register } = useFormContext();
  const id = `field-${name.replace(/\W+/g, "-")}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 accent-aqua-600"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...register(name as Path<FieldValues>)}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The form's submit button, busy while the submit handler runs. */
export function SubmitButton({
  children,
  busyLabel,
  className,
}: {
  children: ReactNode;
  busyLabel: string;
  className?: string;
}) {
  const { formState } = useFormContext();
  return (
    <BusyButton busy={formState.isSubmitting} busyLabel={busyLabel} className={className}>
      {children}
    </BusyButton>
  );
}
