// The layout tour (layout-tour.ts) in Chromium with the machine's fonts as they are.
import { layoutTour } from './layout-tour';

layoutTour({ systemFonts: 'machine' });
