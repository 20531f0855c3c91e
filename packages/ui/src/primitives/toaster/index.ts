export {
  Toaster,
  TOASTER_CONFIG,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_VISIBLE_COUNT,
  TOAST_WIDTH_PX,
} from './toaster';
export type { ToasterProps } from './toaster';
// One sonner instance for the whole app: raise toasts through this re-export.
export { toast } from 'sonner';
