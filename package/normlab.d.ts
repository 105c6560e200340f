// normlab 0.1.0: the elements' types, made by scripts/describe-elements.mjs from the widgets' tables.

/** The detail of the events every widget dispatches. */
export interface NlChangeDetail {
  state: string;
}
export interface NlDoneDetail {
  state: string;
  [field: string]: unknown;
}

export interface NlWidgetEventMap extends HTMLElementEventMap {
  /** The widget's state changed (the reader, `state`, or `reset()`); detail.state is the new state string. */
  'nl-change': CustomEvent<{ state: string }>;
  /** The widget has drawn, or a training has finished; detail.state is its state string. */
  'nl-done': CustomEvent<{ state: string; [field: string]: unknown }>;
}

/** What every normlab element has besides its own options (its attributes). */
export interface NlWidget extends HTMLElement {
  /** The theme attribute's value: set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows. */
  theme: 'auto' | 'light' | 'dark';
  /** The caption attribute (null when absent): set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows. */
  caption: string | null;
  /** The options the reader changed, as a state string; setting it starts the widget again from that state. */
  state: string;
  /** This page linked to the present state. */
  readonly link: string;
  /** Back to the attributes' state. */
  reset(): void;
  /** Downloads the chart (or table) as PNG, the numbers as CSV, or the state and numbers as JSON. */
  export(as: 'png' | 'csv' | 'json'): Promise<void>;
  addEventListener<K extends keyof NlWidgetEventMap>(
    type: K,
    listener: (this: this, event: NlWidgetEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

/** The attributes every widget takes. */
export interface NlCommonAttributes {
  /** light, dark or auto (the reader's system setting; the default) */
  theme?: 'auto' | 'light' | 'dark';
  /** a line shown above the widget (embedded: the widget's title unless given; "" for none) */
  caption?: string;
  /** a state string, as Copy link puts in a URL and element.state gives */
  state?: string;
}

/** The ::part() names of every widget. */
export type NlPart = 'root' | 'caption' | 'notices' | 'body' | 'tools' | 'export' | 'button';

/** The custom properties a host may set on a widget. */
export type NlCustomProperty =
  | '--nl-font'
  | '--nl-fg'
  | '--nl-muted'
  | '--nl-bg'
  | '--nl-panel'
  | '--nl-line'
  | '--nl-accent'
  | '--nl-accent-fg'
  | '--nl-band'
  | '--nl-error'
  | '--nl-good'
  | '--nl-focus'
  | '--nl-plain'
  | '--nl-batch'
  | '--nl-layer'
  | '--nl-rms'
  | '--nl-weightNorm'
  | '--nl-group';

/** <nl-covariate-shift>'s attributes: Covariate shift. */
export interface NlCovariateShiftAttributes extends NlCommonAttributes {
  /** which network (default "plain") */
  network?: 'plain' | 'batch';
  /** what to plot per unit (default "mean") */
  statistic?: 'mean' | 'deviation';
}
/** <nl-covariate-shift>: Covariate shift. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlCovariateShift extends NlWidget {
  /** which network */
  network: 'plain' | 'batch';
  /** what to plot per unit */
  statistic: 'mean' | 'deviation';
}

/** <nl-playground>'s attributes: Playground. */
export interface NlPlaygroundAttributes extends NlCommonAttributes {
  /** the block: rows separated by ";", values by "," (default "1,7;1,9;7,1;23,7") */
  rows?: string;
  /** the normaliser (default "batch") */
  kind?: 'batch' | 'layer' | 'rms' | 'group';
  /** group count for the group setting: it must divide the block's features (1 to 16) (default 2) */
  groups?: number | `${number}`;
  /** training or predicting (default "train") */
  purpose?: 'train' | 'predict';
}
/** <nl-playground>: Playground. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlPlayground extends NlWidget {
  /** the block: rows separated by ";", values by "," */
  rows: string;
  /** the normaliser */
  kind: 'batch' | 'layer' | 'rms' | 'group';
  /** group count for the group setting: it must divide the block's features (1 to 16) */
  groups: number;
  /** training or predicting */
  purpose: 'train' | 'predict';
}

/** <nl-running-average>'s attributes: Running averages. */
export interface NlRunningAverageAttributes extends NlCommonAttributes {
  /** the batch: rows separated by ";" (default "1,7;1,9;7,1;23,7") */
  rows?: string;
  /** share of the running figures kept at each step (default 0.9) */
  keep?: number | `${number}`;
  /** how many steps to take (default 100) */
  steps?: number | `${number}`;
}
/** <nl-running-average>: Running averages. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlRunningAverage extends NlWidget {
  /** the batch: rows separated by ";" */
  rows: string;
  /** share of the running figures kept at each step */
  keep: number;
  /** how many steps to take */
  steps: number;
}

/** <nl-gradient-check>'s attributes: Gradient check. */
export interface NlGradientCheckAttributes extends NlCommonAttributes {
  /** which layer and block (default "batch-four") */
  case?: 'batch-four' | 'layer-three' | 'layer-four';
}
/** <nl-gradient-check>: Gradient check. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlGradientCheck extends NlWidget {
  /** which layer and block */
  case: 'batch-four' | 'layer-three' | 'layer-four';
}

/** <nl-two-numbers>'s attributes: The row of two numbers. */
export interface NlTwoNumbersAttributes extends NlCommonAttributes {
  /** the normaliser shown first (default "layer") */
  kind?: 'layer' | 'rms' | 'batch';
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters (default "") */
  crowd?: string;
}
/** <nl-two-numbers>: The row of two numbers. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlTwoNumbers extends NlWidget {
  /** the normaliser shown first */
  kind: 'layer' | 'rms' | 'batch';
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters */
  crowd: string;
}

/** <nl-weight-norm>'s attributes: Weight normalisation. */
export interface NlWeightNormAttributes extends NlCommonAttributes {
  /** the stored directions v: a row for height, a row for weight, a column per neuron (2 rows of 3) (default "0.6,-1.5,0.3;0.8,2,-0.4") */
  direction?: string;
  /** the magnitudes g, one per neuron (3) (default "1,1.5,0.5") */
  magnitude?: string | readonly string[];
  /** the learning rate of the one step (0.001 to 10) (default 0.1) */
  'learning-rate'?: number | `${number}`;
}
/** <nl-weight-norm>: Weight normalisation. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlWeightNorm extends NlWidget {
  /** the stored directions v: a row for height, a row for weight, a column per neuron (2 rows of 3) */
  direction: string;
  /** the magnitudes g, one per neuron (3) */
  magnitude: string[];
  /** the learning rate of the one step (0.001 to 10) */
  learningRate: number;
}

/** <nl-comparison>'s attributes: The comparison. */
export interface NlComparisonAttributes extends NlCommonAttributes {
  /** start training (in a worker) as the reader comes near the widget, not only on "Train again" (default true) */
  autostart?: boolean | 'true' | 'false';
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters (default "") */
  crowd?: string;
}
/** <nl-comparison>: The comparison. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlComparison extends NlWidget {
  /** start training (in a worker) as the reader comes near the widget, not only on "Train again" */
  autostart: boolean;
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters */
  crowd: string;
}

/** <nl-loss-curves>'s attributes: Loss curves. */
export interface NlLossCurvesAttributes extends NlCommonAttributes {
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters (default "") */
  crowd?: string;
}
/** <nl-loss-curves>: Loss curves. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlLossCurves extends NlWidget {
  /** a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters */
  crowd: string;
}

/** <nl-two-ways>'s attributes: Asked two ways. */
export interface NlTwoWaysAttributes extends NlCommonAttributes {}
/** <nl-two-ways>: Asked two ways. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlTwoWays extends NlWidget {}

/** <nl-behaviours>'s attributes: Behaviours. */
export interface NlBehavioursAttributes extends NlCommonAttributes {}
/** <nl-behaviours>: Behaviours. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlBehaviours extends NlWidget {}

/** <nl-checklist>'s attributes: The checklist. */
export interface NlChecklistAttributes extends NlCommonAttributes {}
/** <nl-checklist>: The checklist. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlChecklist extends NlWidget {}

/** <nl-bowl>'s attributes: Stretched and round bowls. */
export interface NlBowlAttributes extends NlCommonAttributes {
  /** learning rate on the stretched bowl (default 0.035) */
  'stretched-rate'?: number | `${number}`;
  /** learning rate on the round bowl (default 0.3) */
  'round-rate'?: number | `${number}`;
}
/** <nl-bowl>: Stretched and round bowls. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlBowl extends NlWidget {
  /** learning rate on the stretched bowl */
  stretchedRate: number;
  /** learning rate on the round bowl */
  roundRate: number;
}

/** <nl-drift>'s attributes: Drift through depth. */
export interface NlDriftAttributes extends NlCommonAttributes {
  /** seed of the random examples and weights (default 1) */
  seed?: number | `${number}`;
  /** how many layers (1 to 12) (default 5) */
  layers?: number | `${number}`;
}
/** <nl-drift>: Drift through depth. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlDrift extends NlWidget {
  /** seed of the random examples and weights */
  seed: number;
  /** how many layers (1 to 12) */
  layers: number;
}

/** <nl-mean-spread>'s attributes: Mean, variance and standard deviation. */
export interface NlMeanSpreadAttributes extends NlCommonAttributes {
  /** the starting list, comma-separated (at most 12 numbers) (default "3,4,5") */
  numbers?: string | readonly string[];
}
/** <nl-mean-spread>: Mean, variance and standard deviation. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMeanSpread extends NlWidget {
  /** the starting list, comma-separated (at most 12 numbers) */
  numbers: string[];
}

/** <nl-batch-by-hand>'s attributes: Batch norm by hand. */
export interface NlBatchByHandAttributes extends NlCommonAttributes {
  /** the feature worked first (1, 2 or 3) (default 2) */
  feature?: number | `${number}`;
  /** scale (gamma) per feature (at most 3) (default "1,1,1") */
  scale?: string | readonly string[];
  /** shift (beta) per feature (at most 3) (default "0,0,0") */
  shift?: string | readonly string[];
}
/** <nl-batch-by-hand>: Batch norm by hand. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlBatchByHand extends NlWidget {
  /** the feature worked first (1, 2 or 3) */
  feature: number;
  /** scale (gamma) per feature (at most 3) */
  scale: string[];
  /** shift (beta) per feature (at most 3) */
  shift: string[];
}

/** <nl-momentum>'s attributes: Running averages with momentum. */
export interface NlMomentumAttributes extends NlCommonAttributes {
  /** batch means, repeated in order (default "3,5,4") */
  means?: string | readonly string[];
  /** batch variances, one per mean (default "1,4,2") */
  variances?: string | readonly string[];
  /** share of each batch folded in (default 0.1) */
  momentum?: number | `${number}`;
  /** how many batches to fold in (1 to 200) (default 3) */
  batches?: number | `${number}`;
}
/** <nl-momentum>: Running averages with momentum. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMomentum extends NlWidget {
  /** batch means, repeated in order */
  means: string[];
  /** batch variances, one per mean */
  variances: string[];
  /** share of each batch folded in */
  momentum: number;
  /** how many batches to fold in (1 to 200) */
  batches: number;
}

/** <nl-batch-size>'s attributes: The batch-size problem. */
export interface NlBatchSizeAttributes extends NlCommonAttributes {
  /** the batch size (2 to 256) (default 2) */
  'batch-size'?: 2 | 4 | 8 | 16 | 32 | 64 | 128 | 256;
  /** seed of the 10,000 numbers (default 1) */
  seed?: number | `${number}`;
}
/** <nl-batch-size>: The batch-size problem. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlBatchSize extends NlWidget {
  /** the batch size (2 to 256) */
  batchSize: 2 | 4 | 8 | 16 | 32 | 64 | 128 | 256;
  /** seed of the 10,000 numbers */
  seed: number;
}

/** <nl-toggles>'s attributes: One example under each toggle. */
export interface NlTogglesAttributes extends NlCommonAttributes {
  /** the normaliser shown first (default "batch") */
  kind?: 'batch' | 'layer' | 'rms';
  /** the example (row) shown first, 1 to 4 (default 1) */
  example?: number | `${number}`;
}
/** <nl-toggles>: One example under each toggle. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlToggles extends NlWidget {
  /** the normaliser shown first */
  kind: 'batch' | 'layer' | 'rms';
  /** the example (row) shown first, 1 to 4 */
  example: number;
}

/** <nl-rms-timing>'s attributes: What RMSNorm saves. */
export interface NlRmsTimingAttributes extends NlCommonAttributes {
  /** timing rounds per width; the medians are taken over them (3 to 51) (default 9) */
  rounds?: number | `${number}`;
  /** start timing (in a worker) as the reader comes near the widget, not only on "Time again" (at most 9 rounds) (default true) */
  autostart?: boolean | 'true' | 'false';
}
/** <nl-rms-timing>: What RMSNorm saves. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlRmsTiming extends NlWidget {
  /** timing rounds per width; the medians are taken over them (3 to 51) */
  rounds: number;
  /** start timing (in a worker) as the reader comes near the widget, not only on "Time again" (at most 9 rounds) */
  autostart: boolean;
}

/** <nl-pre-post-norm>'s attributes: Pre-norm and post-norm. */
export interface NlPrePostNormAttributes extends NlCommonAttributes {
  /** how many residual blocks (2 to 48) (default 24) */
  depth?: number | `${number}`;
  /** seed of the weights, inputs and targets (default 1) */
  seed?: number | `${number}`;
}
/** <nl-pre-post-norm>: Pre-norm and post-norm. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlPrePostNorm extends NlWidget {
  /** how many residual blocks (2 to 48) */
  depth: number;
  /** seed of the weights, inputs and targets */
  seed: number;
}

/** <nl-starting-slopes>'s attributes: The slopes a Transformer starts with. */
export interface NlStartingSlopesAttributes extends NlCommonAttributes {
  /** how many blocks (1 to 12) (default 6) */
  depth?: number | `${number}`;
  /** features of a token (16, 32 or 64) (default 64) */
  width?: 16 | 32 | 64;
  /** the normaliser (default "layer") */
  norm?: 'layer' | 'rms';
  /** seed of the weights and tokens (default 1) */
  seed?: number | `${number}`;
  /** draws of weights and tokens the figures are taken over (1 to 64) (default 32) */
  draws?: number | `${number}`;
}
/** <nl-starting-slopes>: The slopes a Transformer starts with. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlStartingSlopes extends NlWidget {
  /** how many blocks (1 to 12) */
  depth: number;
  /** features of a token (16, 32 or 64) */
  width: 16 | 32 | 64;
  /** the normaliser */
  norm: 'layer' | 'rms';
  /** seed of the weights and tokens */
  seed: number;
  /** draws of weights and tokens the figures are taken over (1 to 64) */
  draws: number;
}

/** <nl-warm-up>'s attributes: Warm-up, post-norm and pre-norm. */
export interface NlWarmUpAttributes extends NlCommonAttributes {
  /** how many blocks (1 to 8) (default 6) */
  depth?: number | `${number}`;
  /** features of a token (16, 32 or 64) (default 32) */
  width?: 16 | 32 | 64;
  /** Adam's learning rate (default 0.01) */
  'learning-rate'?: 0.001 | 0.002 | 0.005 | 0.01 | 0.02;
  /** training steps of each stack (default 200) */
  steps?: 50 | 100 | 200 | 300;
  /** steps of the linear warm-up (1 to 300) (default 50) */
  warmup?: number | `${number}`;
  /** first seed of the weights and strings; the seeds run on from it (default 1) */
  seed?: number | `${number}`;
  /** seeds each stack trains over (1 to 10) (default 5) */
  seeds?: number | `${number}`;
}
/** <nl-warm-up>: Warm-up, post-norm and pre-norm. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlWarmUp extends NlWidget {
  /** how many blocks (1 to 8) */
  depth: number;
  /** features of a token (16, 32 or 64) */
  width: 16 | 32 | 64;
  /** Adam's learning rate */
  learningRate: 0.001 | 0.002 | 0.005 | 0.01 | 0.02;
  /** training steps of each stack */
  steps: 50 | 100 | 200 | 300;
  /** steps of the linear warm-up (1 to 300) */
  warmup: number;
  /** first seed of the weights and strings; the seeds run on from it */
  seed: number;
  /** seeds each stack trains over (1 to 10) */
  seeds: number;
}

/** <nl-parameter-count>'s attributes: Counting parameters. */
export interface NlParameterCountAttributes extends NlCommonAttributes {
  /** features per normaliser (default 3) */
  width?: number | `${number}`;
}
/** <nl-parameter-count>: Counting parameters. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlParameterCount extends NlWidget {
  /** features per normaliser */
  width: number;
}

/** <nl-mnist-lab>'s attributes: The MNIST lab. */
export interface NlMnistLabAttributes extends NlCommonAttributes {
  /** epochs to train when Train is pressed (1 to 20) (default 3) */
  epochs?: number | `${number}`;
  /** SGD learning rate (default 0.1) */
  'learning-rate'?: 0.01 | 0.03 | 0.1 | 0.3;
  /** digits per batch (default 64) */
  'batch-size'?: 16 | 32 | 64 | 128 | 256;
  /** seed of the weights and the shuffles (the first of the lab over seeds) (default 1) */
  seed?: number | `${number}`;
  /** seeds the lab over seeds trains the four networks from (1 to 10) (default 5) */
  seeds?: number | `${number}`;
}
/** <nl-mnist-lab>: The MNIST lab. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMnistLab extends NlWidget {
  /** epochs to train when Train is pressed (1 to 20) */
  epochs: number;
  /** SGD learning rate */
  learningRate: 0.01 | 0.03 | 0.1 | 0.3;
  /** digits per batch */
  batchSize: 16 | 32 | 64 | 128 | 256;
  /** seed of the weights and the shuffles (the first of the lab over seeds) */
  seed: number;
  /** seeds the lab over seeds trains the four networks from (1 to 10) */
  seeds: number;
}

/** <nl-mnist-circle>'s attributes: Layer norm puts 3-D points on a circle. */
export interface NlMnistCircleAttributes extends NlCommonAttributes {
  /** random points (1 to 2000) (default 200) */
  points?: number | `${number}`;
  /** seed of the points (default 1) */
  seed?: number | `${number}`;
  /** turn about the vertical axis, in radians (default 0.6) */
  yaw?: number | `${number}`;
  /** tilt towards the viewer, in radians (default 0.5) */
  pitch?: number | `${number}`;
  /** show the input points beside their outputs (default true) */
  inputs?: boolean | 'true' | 'false';
}
/** <nl-mnist-circle>: Layer norm puts 3-D points on a circle. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMnistCircle extends NlWidget {
  /** random points (1 to 2000) */
  points: number;
  /** seed of the points */
  seed: number;
  /** turn about the vertical axis, in radians */
  yaw: number;
  /** tilt towards the viewer, in radians */
  pitch: number;
  /** show the input points beside their outputs */
  inputs: boolean;
}

/** <nl-mnist-freedom>'s attributes: Degrees of freedom a normaliser removes. */
export interface NlMnistFreedomAttributes extends NlCommonAttributes {
  /** features d (2 to 512) (default 128) */
  width?: number | `${number}`;
  /** groups g (1 is layer norm) (default 8) */
  groups?: number | `${number}`;
}
/** <nl-mnist-freedom>: Degrees of freedom a normaliser removes. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMnistFreedom extends NlWidget {
  /** features d (2 to 512) */
  width: number;
  /** groups g (1 is layer norm) */
  groups: number;
}

/** <nl-mnist-batch-size>'s attributes: Batch size and the four networks. */
export interface NlMnistBatchSizeAttributes extends NlCommonAttributes {
  /** training digits every network learns, at every batch size (default 2048) */
  digits?: 1024 | 2048 | 4096 | 8000;
  /** SGD learning rate at batch 64; batch b trains at this × b / 64 (default 0.1) */
  'learning-rate'?: 0.05 | 0.1 | 0.2 | 0.4;
  /** the first seed of the networks' and the order's (the next seeds follow it) (default 1) */
  seed?: number | `${number}`;
  /** seeds the sweep runs, from the first on, each a sweep of 24 networks (1 to 10) (default 3) */
  seeds?: number | `${number}`;
}
/** <nl-mnist-batch-size>: Batch size and the four networks. Each option is a property too (set, it writes the attribute (null removes it) and the widget draws again; read, it is the value the widget shows). */
export interface NlMnistBatchSize extends NlWidget {
  /** training digits every network learns, at every batch size */
  digits: 1024 | 2048 | 4096 | 8000;
  /** SGD learning rate at batch 64; batch b trains at this × b / 64 */
  learningRate: 0.05 | 0.1 | 0.2 | 0.4;
  /** the first seed of the networks' and the order's (the next seeds follow it) */
  seed: number;
  /** seeds the sweep runs, from the first on, each a sweep of 24 networks (1 to 10) */
  seeds: number;
}

declare global {
  interface HTMLElementTagNameMap {
    'nl-covariate-shift': NlCovariateShift;
    'nl-playground': NlPlayground;
    'nl-running-average': NlRunningAverage;
    'nl-gradient-check': NlGradientCheck;
    'nl-two-numbers': NlTwoNumbers;
    'nl-weight-norm': NlWeightNorm;
    'nl-comparison': NlComparison;
    'nl-loss-curves': NlLossCurves;
    'nl-two-ways': NlTwoWays;
    'nl-behaviours': NlBehaviours;
    'nl-checklist': NlChecklist;
    'nl-bowl': NlBowl;
    'nl-drift': NlDrift;
    'nl-mean-spread': NlMeanSpread;
    'nl-batch-by-hand': NlBatchByHand;
    'nl-momentum': NlMomentum;
    'nl-batch-size': NlBatchSize;
    'nl-toggles': NlToggles;
    'nl-rms-timing': NlRmsTiming;
    'nl-pre-post-norm': NlPrePostNorm;
    'nl-starting-slopes': NlStartingSlopes;
    'nl-warm-up': NlWarmUp;
    'nl-parameter-count': NlParameterCount;
    'nl-mnist-lab': NlMnistLab;
    'nl-mnist-circle': NlMnistCircle;
    'nl-mnist-freedom': NlMnistFreedom;
    'nl-mnist-batch-size': NlMnistBatchSize;
  }
  interface HTMLElementEventMap {
    'nl-change': CustomEvent<NlChangeDetail>;
    'nl-done': CustomEvent<NlDoneDetail>;
  }
}

/** The events every widget dispatches, as props of JSX (React 19 listens for `on` + the event's name). */
export interface NlEventProps {
  'onnl-change'?: (event: CustomEvent<NlChangeDetail>) => void;
  'onnl-done'?: (event: CustomEvent<NlDoneDetail>) => void;
}

/**
 * The props of JSX a widget takes besides its options and events, named without React's types
 * so that a host without React reads these declarations too. (aria-* and data-* props are
 * allowed on any element.)
 */
export interface NlElementProps<E> {
  id?: string;
  className?: string;
  /** Preact's name for it (and Solid's). */
  class?: string;
  style?: Record<string, string | number | undefined>;
  slot?: string;
  hidden?: boolean;
  title?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  tabIndex?: number;
  role?: string;
  /** The static fallback, shown only where the widget cannot run. */
  children?: unknown;
  ref?: ((element: E | null) => void | (() => void)) | { current: E | null } | null;
}

/** Every element as an intrinsic element of JSX: its attributes, typed, its events and its own props. */
export interface NlIntrinsicElements {
  'nl-covariate-shift': NlCovariateShiftAttributes & NlEventProps & NlElementProps<NlCovariateShift>;
  'nl-playground': NlPlaygroundAttributes & NlEventProps & NlElementProps<NlPlayground>;
  'nl-running-average': NlRunningAverageAttributes & NlEventProps & NlElementProps<NlRunningAverage>;
  'nl-gradient-check': NlGradientCheckAttributes & NlEventProps & NlElementProps<NlGradientCheck>;
  'nl-two-numbers': NlTwoNumbersAttributes & NlEventProps & NlElementProps<NlTwoNumbers>;
  'nl-weight-norm': NlWeightNormAttributes & NlEventProps & NlElementProps<NlWeightNorm>;
  'nl-comparison': NlComparisonAttributes & NlEventProps & NlElementProps<NlComparison>;
  'nl-loss-curves': NlLossCurvesAttributes & NlEventProps & NlElementProps<NlLossCurves>;
  'nl-two-ways': NlTwoWaysAttributes & NlEventProps & NlElementProps<NlTwoWays>;
  'nl-behaviours': NlBehavioursAttributes & NlEventProps & NlElementProps<NlBehaviours>;
  'nl-checklist': NlChecklistAttributes & NlEventProps & NlElementProps<NlChecklist>;
  'nl-bowl': NlBowlAttributes & NlEventProps & NlElementProps<NlBowl>;
  'nl-drift': NlDriftAttributes & NlEventProps & NlElementProps<NlDrift>;
  'nl-mean-spread': NlMeanSpreadAttributes & NlEventProps & NlElementProps<NlMeanSpread>;
  'nl-batch-by-hand': NlBatchByHandAttributes & NlEventProps & NlElementProps<NlBatchByHand>;
  'nl-momentum': NlMomentumAttributes & NlEventProps & NlElementProps<NlMomentum>;
  'nl-batch-size': NlBatchSizeAttributes & NlEventProps & NlElementProps<NlBatchSize>;
  'nl-toggles': NlTogglesAttributes & NlEventProps & NlElementProps<NlToggles>;
  'nl-rms-timing': NlRmsTimingAttributes & NlEventProps & NlElementProps<NlRmsTiming>;
  'nl-pre-post-norm': NlPrePostNormAttributes & NlEventProps & NlElementProps<NlPrePostNorm>;
  'nl-starting-slopes': NlStartingSlopesAttributes & NlEventProps & NlElementProps<NlStartingSlopes>;
  'nl-warm-up': NlWarmUpAttributes & NlEventProps & NlElementProps<NlWarmUp>;
  'nl-parameter-count': NlParameterCountAttributes & NlEventProps & NlElementProps<NlParameterCount>;
  'nl-mnist-lab': NlMnistLabAttributes & NlEventProps & NlElementProps<NlMnistLab>;
  'nl-mnist-circle': NlMnistCircleAttributes & NlEventProps & NlElementProps<NlMnistCircle>;
  'nl-mnist-freedom': NlMnistFreedomAttributes & NlEventProps & NlElementProps<NlMnistFreedom>;
  'nl-mnist-batch-size': NlMnistBatchSizeAttributes & NlEventProps & NlElementProps<NlMnistBatchSize>;
}

/**
 * The same props in Solid's JSX: its ref is the element itself (assigned) or a function given it,
 * never null, and `on:` + an event's name listens for it as Solid's own syntax does.
 */
export interface NlSolidElementProps<E> extends Omit<NlElementProps<E>, 'ref' | 'className'> {
  ref?: E | ((element: E) => void);
  'on:nl-change'?: (event: CustomEvent<NlChangeDetail>) => void;
  'on:nl-done'?: (event: CustomEvent<NlDoneDetail>) => void;
}

/** Every element as an intrinsic element of Solid's JSX. */
export interface NlSolidIntrinsicElements {
  'nl-covariate-shift': NlCovariateShiftAttributes & NlEventProps & NlSolidElementProps<NlCovariateShift>;
  'nl-playground': NlPlaygroundAttributes & NlEventProps & NlSolidElementProps<NlPlayground>;
  'nl-running-average': NlRunningAverageAttributes & NlEventProps & NlSolidElementProps<NlRunningAverage>;
  'nl-gradient-check': NlGradientCheckAttributes & NlEventProps & NlSolidElementProps<NlGradientCheck>;
  'nl-two-numbers': NlTwoNumbersAttributes & NlEventProps & NlSolidElementProps<NlTwoNumbers>;
  'nl-weight-norm': NlWeightNormAttributes & NlEventProps & NlSolidElementProps<NlWeightNorm>;
  'nl-comparison': NlComparisonAttributes & NlEventProps & NlSolidElementProps<NlComparison>;
  'nl-loss-curves': NlLossCurvesAttributes & NlEventProps & NlSolidElementProps<NlLossCurves>;
  'nl-two-ways': NlTwoWaysAttributes & NlEventProps & NlSolidElementProps<NlTwoWays>;
  'nl-behaviours': NlBehavioursAttributes & NlEventProps & NlSolidElementProps<NlBehaviours>;
  'nl-checklist': NlChecklistAttributes & NlEventProps & NlSolidElementProps<NlChecklist>;
  'nl-bowl': NlBowlAttributes & NlEventProps & NlSolidElementProps<NlBowl>;
  'nl-drift': NlDriftAttributes & NlEventProps & NlSolidElementProps<NlDrift>;
  'nl-mean-spread': NlMeanSpreadAttributes & NlEventProps & NlSolidElementProps<NlMeanSpread>;
  'nl-batch-by-hand': NlBatchByHandAttributes & NlEventProps & NlSolidElementProps<NlBatchByHand>;
  'nl-momentum': NlMomentumAttributes & NlEventProps & NlSolidElementProps<NlMomentum>;
  'nl-batch-size': NlBatchSizeAttributes & NlEventProps & NlSolidElementProps<NlBatchSize>;
  'nl-toggles': NlTogglesAttributes & NlEventProps & NlSolidElementProps<NlToggles>;
  'nl-rms-timing': NlRmsTimingAttributes & NlEventProps & NlSolidElementProps<NlRmsTiming>;
  'nl-pre-post-norm': NlPrePostNormAttributes & NlEventProps & NlSolidElementProps<NlPrePostNorm>;
  'nl-starting-slopes': NlStartingSlopesAttributes & NlEventProps & NlSolidElementProps<NlStartingSlopes>;
  'nl-warm-up': NlWarmUpAttributes & NlEventProps & NlSolidElementProps<NlWarmUp>;
  'nl-parameter-count': NlParameterCountAttributes & NlEventProps & NlSolidElementProps<NlParameterCount>;
  'nl-mnist-lab': NlMnistLabAttributes & NlEventProps & NlSolidElementProps<NlMnistLab>;
  'nl-mnist-circle': NlMnistCircleAttributes & NlEventProps & NlSolidElementProps<NlMnistCircle>;
  'nl-mnist-freedom': NlMnistFreedomAttributes & NlEventProps & NlSolidElementProps<NlMnistFreedom>;
  'nl-mnist-batch-size': NlMnistBatchSizeAttributes & NlEventProps & NlSolidElementProps<NlMnistBatchSize>;
}

// The elements in React 19's JSX, Preact's and Solid's, each namespace augmented only where that
// library is.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends NlIntrinsicElements {}
  }
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements extends NlIntrinsicElements {}
  }
}

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements extends NlSolidIntrinsicElements {}
  }
}
