/**
 * Three-letter English words. With a leading space each is four characters and, in the BPE
 * vocabularies of Llama, Qwen, Mistral and GPT models, a single token, so a prompt of n words is
 * about n tokens even when no tokenizer is at hand, and characters/4 counts it exactly.
 */
export const WORDS: readonly string[] = (
  'the and for are but not you all any can had her was one our out day get has him his how man new now old ' +
  'see two way who boy did its let put say she too use act add age ago aid aim air art ask bad bag bar bed ' +
  'big bit box bus buy car cat cup cut dog dry due ear eat egg end eye far fat few fit fly fun gas god gun ' +
  'guy hat hit hot ice job key kid lab law lay leg lie lot low map mix mom net nor odd off oil own pay pen ' +
  'per pet pop pot red rid row run sad sea set sex sit six sky son sun tax tea ten tie tip toe top toy try ' +
  'van war wet win yes yet arm bat bet bow cap cow cry dad dig dot fan fee fix fog fox gap gym hay hen hip ' +
  'hug hut ink jam jar jaw joy kit lap lid lip log mad mud nod nut oak owl pad pan paw pig pin pit raw rib ' +
  'rod rug sat saw sew sip sob sox sum tag tan tap tin tub van vet wax web wig yak zip zoo ant ape awe bay ' +
  'bee bin bud bug cab cod cot cub dam den dew dim dip doe dug dye elf elm emu fad fin fur gel gem gum hem ' +
  'hop hub hum ivy jet jog keg kin lad lag lit lob mat mop nag nap nib oar orb pea peg pie ply pod pry pub'
)
  .split(' ')
  .filter((w, i, all) => all.indexOf(w) === i);
