/** @donaciones/web-kit: what every remote shares (one instance, a federation singleton). */
export { apiRequest, setApiErrorListener, API_BASE, type RequestOptions } from './api/client.ts'
export { ApiError, type FieldError } from './api/api-error.ts'
export { useQuery, isMissing, type Query, type Idle } from './api/use-query.ts'
export { invalidate, readQuery, type Loadable, type Loader } from './api/query-store.ts'
export { useLoadingStore, showsSpinner } from './api/loading.ts'
export { countSiteVisit, siteVisitCounted } from './api/site-visit.ts'
export { useSession, authUserFrom, type SessionStatus } from './session/store.ts'
export { TOKEN_KEY, readToken, decodeToken, isExpired } from './session/token.ts'
export { useSiteConfig, usePublicConfig } from './config/site-config.ts'
export {
  keepsScroll,
  remoteAreas,
  isPublicRoute,
  isBypassRoute,
  matchesPattern,
  moduleOfPath,
  actionOfPath,
  hasPermission,
  redirectFor,
  guardRedirect,
  type GuardRedirect,
} from './routing/access.ts'
export { usePageHead, applyPageHead, publicUrlOf } from './head/page-head.ts'
export { formatDate, formatDateTime, formatTime, fromNow, formatMoney, formatInteger, todayInMexico, SITE_TIME_ZONE } from './format/dates.ts'
export { uploadImage, imageFileProblem, FILE_NOT_IMAGE, FILE_TOO_LARGE, UPLOAD_FAILED } from './files/upload.ts'
export { notify } from './ui/notify.ts'
export { Notifications } from './ui/Notifications.tsx'
export { Modal, type ModalProps } from './ui/Modal.tsx'
export { showAlert, confirmAction, askJustification, showEmptyListDialog, type DialogIcon } from './ui/dialogs.ts'
export { Loading, ErrorPanel, type ErrorPanelProps } from './ui/LoadStates.tsx'
export { CampaignProgress, goalPercent, type CampaignProgressProps } from './ui/CampaignProgress.tsx'
export { GoalProgressBar } from './ui/GoalProgressBar.tsx'
export { ConnectionCheck, type ConnectionCheckProps } from './ui/ConnectionCheck.tsx'
// Also here (not only in ./forms): a form without react-hook-form, like /login, needs no validation chunk.
export { Field, CharacterCount, type FieldControlProps, type FieldProps } from './forms/Field.tsx'
