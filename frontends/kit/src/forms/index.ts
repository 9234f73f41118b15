/** Form helpers, a separate entry so pages without forms do not download the validation code. */
export { useZodForm } from './use-zod-form.ts'
// Field lives in the kit's main entry (a form without react-hook-form needs it too); taken from there,
// not bundled again into this entry.
export { Field, CharacterCount, type FieldControlProps, type FieldProps } from '@donaciones/web-kit'
export { ImageUploadField, IMAGE_HINT, type ImageUploadFieldProps } from './ImageUploadField.tsx'
export { useImageUpload, type UploadedImage } from './use-image-upload.ts'
export { applyServerErrors, fieldErrorsOf, showFieldErrors } from './field-errors.ts'
export { useFormSteps, type FormStepsOptions } from './use-form-steps.ts'
export { stepIndexOfPath, firstStepOfPaths, type FormStep } from './form-steps.ts'
