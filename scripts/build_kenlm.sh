#!/usr/bin/env bash
# Placeholder until the tokenizer issue lands the real build; lmplz is only needed to train tokenizers.
exit 0
