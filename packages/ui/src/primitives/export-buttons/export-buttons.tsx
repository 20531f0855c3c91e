import { Button } from '../button';
import type { ExportFormat } from '../../foundations/format/csv';

/** "Export CSV" and "Export JSON": the app turns the chosen format into a download. */
export function ExportButtons({ onExport }: { onExport: (format: ExportFormat) => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => onExport('csv')}>
        Export CSV
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onExport('json')}>
        Export JSON
      </Button>
    </>
  );
}
