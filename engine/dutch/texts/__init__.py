"""The words of C.04.3 per edition: rule texts (:mod:`.rule_texts`) and the sentences built
from them (:mod:`.wording`), each criterion labelled as its edition labels it."""
