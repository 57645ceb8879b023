export declare const ASCII_OUTPUT: { charset: "ascii" };
export declare const MAIN_PROCESS_OUTPUT: {
  charset: "ascii";
  minify: { compress: { keepNames: { function: boolean; class: boolean } }; mangle: { keepNames: boolean } };
};
